/**
 * End-to-end in tmux: an extension tool's progress shows live under the running tool and
 * keeps a call alive past its manifest's 1 s timeout; Esc cancels a 10 s call and the
 * extension receives the cancel frame. A crash loop shows on the status line.
 */

import { join } from "node:path";
import { assertEquals } from "../support/assert.ts";
import { ProviderServer } from "../support/provider_server.ts";
import { TmuxSession } from "./support/tmux.ts";
import { zotArgv } from "./support/zot_tmux.ts";

const fixtures = new URL("../fixtures/e2e/", import.meta.url).pathname;

/** The cancel frames the extension recorded, once there are `count` of them. */
async function cancelsIn(file: string, count: number): Promise<Record<string, unknown>[]> {
  for (let i = 0; i < 200; i++) {
    const text = await Deno.readTextFile(file).catch(() => "");
    const frames = text.split("\n").filter(Boolean).map((l) => JSON.parse(l));
    if (frames.length >= count) return frames;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`fewer than ${count} cancel frames in ${file}`);
}

Deno.test("tmux: extension progress shows under the running tool; Esc cancels a long call", async () => {
  const server = await ProviderServer.start({
    turns: [
      {
        blocks: [{
          type: "tool_use",
          id: "p1",
          name: "crawl",
          input: { seconds: 3, progress: true },
        }],
      },
      { text: "crawl finished fine" },
      { blocks: [{ type: "tool_use", id: "c1", name: "crawl", input: { seconds: 10 } }] },
      { text: "never reached" },
    ],
  });
  const home = await Deno.makeTempDir({ prefix: "zot-tui-home-" });
  const cwd = await Deno.makeTempDir({ prefix: "zot-tui-cwd-" });
  const cancels = join(home, "cancels.jsonl");
  const argv = zotArgv(server.url, "--no-session", "--ext", join(fixtures, "slowpoke_fast"));
  const s = await TmuxSession.start(argv, {
    cols: 100,
    rows: 32,
    env: { ZOT_HOME: home, ZOT_E2E_CANCELS: cancels },
    cwd,
  });
  try {
    await s.waitFor("type a message");
    await s.type("crawl with progress");
    await s.send(["Enter"]);
    await s.waitFor("step 2 (33%)");
    await s.waitFor("crawl finished fine");

    await s.type("crawl for long");
    await s.send(["Enter"]);
    await s.waitFor("started");
    await s.send(["Escape"]);
    await s.waitFor("cancelled");
    const [frame] = await cancelsIn(cancels, 1);
    assertEquals([frame.type, frame.reason], ["cancel", "aborted"]);

    await s.send(["C-c"]);
    await s.send(["C-c"]);
    await s.waitFor("[exited 0]");
  } finally {
    await s.close();
    await server.close();
    await Deno.remove(home, { recursive: true });
    await Deno.remove(cwd, { recursive: true });
  }
});

Deno.test("tmux: a crash-looping extension is quarantined, told once, and shown on the status line", async () => {
  const server = await ProviderServer.start({ turns: [] });
  const home = await Deno.makeTempDir({ prefix: "zot-tui-home-" });
  const cwd = await Deno.makeTempDir({ prefix: "zot-tui-cwd-" });
  const argv = zotArgv(server.url, "--no-session", "--ext", join(fixtures, "crashloop"));
  const s = await TmuxSession.start(argv, { cols: 120, rows: 30, env: { ZOT_HOME: home }, cwd });
  try {
    await s.waitFor("type a message");
    const pane = await s.waitFor("ext crashloop quarantined");
    assertEquals(pane.split("has crashed 3 times").length - 1, 1, pane);
    await s.send(["C-c"]);
    await s.send(["C-c"]);
    await s.waitFor("[exited 0]");
  } finally {
    await s.close();
    await server.close();
    await Deno.remove(home, { recursive: true });
    await Deno.remove(cwd, { recursive: true });
  }
});
