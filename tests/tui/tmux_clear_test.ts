/**
 * End-to-end: /clear in the real `zot` starts a fresh session file, so the cleared
 * conversation is neither sent to the model again nor brought back by a resume.
 */

import { assertEquals, assertIncludes } from "../support/assert.ts";
import { ProviderServer } from "../support/provider_server.ts";
import { readSessionFile } from "../../src/session/mod.ts";
import { TmuxSession } from "./support/tmux.ts";
import { sessionFiles, zotArgv } from "./support/zot_tmux.ts";

Deno.test("tmux: /clear starts a new session; the model no longer sees the cleared turn", async () => {
  const server = await ProviderServer.start({
    turns: [{ text: "noted: swordfish" }, { text: "fresh start" }],
  });
  const home = await Deno.makeTempDir({ prefix: "zot-tui-home-" });
  const cwd = await Deno.makeTempDir({ prefix: "zot-tui-cwd-" });
  const argv = zotArgv(server.url, "--no-ext");
  try {
    const s = await TmuxSession.start(argv, { cols: 110, rows: 30, env: { ZOT_HOME: home }, cwd });
    try {
      await s.waitFor("type a message");
      await s.type("remember the password swordfish");
      await s.send(["Enter"]);
      await s.waitFor("noted: swordfish");
      await s.type("/clear");
      await s.send(["Enter"]);
      await s.waitFor("conversation cleared");
      await s.type("hello again");
      await s.send(["Enter"]);
      await s.waitFor("fresh start");
      await s.send(["C-c"]);
      await s.send(["C-c"]);
      await s.waitFor("[exited 0]");
    } finally {
      await s.close();
    }
    const last = server.bodies().at(-1) as { messages: unknown[] };
    assertEquals(last.messages.length, 1);
    assertEquals(JSON.stringify(last.messages).includes("swordfish"), false);
    const files = await sessionFiles(home);
    assertEquals(files.length, 2, files.join("\n"));
    const texts = await Promise.all(
      files.map(async (f) => JSON.stringify((await readSessionFile(f)).messages)),
    );
    const cleared = texts.find((t) => t.includes("swordfish"));
    const fresh = texts.find((t) => t.includes("hello again"));
    assertIncludes(cleared ?? "", "noted: swordfish");
    assertEquals((fresh ?? "").includes("swordfish"), false);
  } finally {
    await server.close();
    await Deno.remove(home, { recursive: true });
    await Deno.remove(cwd, { recursive: true });
  }
});
