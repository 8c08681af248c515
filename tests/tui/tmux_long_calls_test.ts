/**
 * End-to-end in tmux: an extension tool's progress shows live under the running tool and
 * keeps a call alive past its manifest's 1 s timeout; Esc cancels a 10 s call and the
 * extension receives the cancel frame. A crash loop shows on the status line.
 */

import { join } from "node:path";
import { assertEquals } from "../support/assert.ts";
import { ProviderServer } from "../support/provider_server.ts";
import { submit } from "./support/tmux.ts";
import { openZot, quitZot, zotArgv, zotDirs } from "./support/zot_tmux.ts";

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
  await using server = await ProviderServer.start({
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
  await using dirs = await zotDirs();
  const cancels = join(dirs.home, "cancels.jsonl");
  const argv = zotArgv(server.url, "--no-session", "--ext", join(fixtures, "slowpoke_fast"));
  await using s = await openZot(argv, dirs, { cols: 100, rows: 32 }, { ZOT_E2E_CANCELS: cancels });
  await submit(s, "crawl with progress");
  await s.waitFor("step 2 (33%)");
  await s.waitFor("crawl finished fine");

  await submit(s, "crawl for long");
  await s.waitFor("started");
  await s.send(["Escape"]);
  await s.waitFor("cancelled");
  const [frame] = await cancelsIn(cancels, 1);
  assertEquals([frame.type, frame.reason], ["cancel", "aborted"]);

  await quitZot(s);
});

Deno.test("tmux: a crash-looping extension is quarantined, told once, and shown on the status line", async () => {
  await using server = await ProviderServer.start({ turns: [] });
  await using dirs = await zotDirs();
  const argv = zotArgv(server.url, "--no-session", "--ext", join(fixtures, "crashloop"));
  await using s = await openZot(argv, dirs, { cols: 120, rows: 30 });
  const pane = await s.waitFor("ext crashloop quarantined");
  assertEquals(pane.split("has crashed 3 times").length - 1, 1, pane);
  await quitZot(s);
});
