/**
 * End-to-end: /clear in the real `zot` starts a fresh session file, so the cleared
 * conversation is neither sent to the model again nor brought back by a resume.
 */

import { assertEquals, assertIncludes } from "../support/assert.ts";
import { ProviderServer } from "../support/provider_server.ts";
import { readSessionFile } from "../../src/session/mod.ts";
import { submit } from "./support/tmux.ts";
import { openZot, quitZot, sessionFiles, zotArgv, zotDirs } from "./support/zot_tmux.ts";

Deno.test("tmux: /clear starts a new session; the model no longer sees the cleared turn", async () => {
  await using server = await ProviderServer.start({
    turns: [{ text: "noted: swordfish" }, { text: "fresh start" }],
  });
  await using dirs = await zotDirs();
  {
    await using s = await openZot(zotArgv(server.url, "--no-ext"), dirs, { cols: 110, rows: 30 });
    await submit(s, "remember the password swordfish");
    await s.waitFor("noted: swordfish");
    await submit(s, "/clear");
    await s.waitFor("conversation cleared");
    await submit(s, "hello again");
    await s.waitFor("fresh start");
    await quitZot(s);
  }
  const last = server.bodies().at(-1) as { messages: unknown[] };
  assertEquals(last.messages.length, 1);
  assertEquals(JSON.stringify(last.messages).includes("swordfish"), false);
  const files = await sessionFiles(dirs.home);
  assertEquals(files.length, 2, files.join("\n"));
  const texts = await Promise.all(
    files.map(async (f) => JSON.stringify((await readSessionFile(f)).messages)),
  );
  const cleared = texts.find((t) => t.includes("swordfish"));
  const fresh = texts.find((t) => t.includes("hello again"));
  assertIncludes(cleared ?? "", "noted: swordfish");
  assertEquals((fresh ?? "").includes("swordfish"), false);
});
