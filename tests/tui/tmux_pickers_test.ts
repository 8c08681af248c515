/**
 * End-to-end: the real `zot` in tmux against the provider server. A first run saves a
 * session; a second run resumes it through the /sessions picker, switches the model
 * through the /model picker, and the next turn goes to the new model with the resumed
 * conversation and is appended to the resumed session's file.
 */

import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { ProviderServer } from "../support/provider_server.ts";
import { readSessionFile } from "../../src/session/mod.ts";
import { submit } from "./support/tmux.ts";
import { openZot, quitZot, sessionFiles, zotArgv, zotDirs } from "./support/zot_tmux.ts";

Deno.test("tmux: /sessions resumes a saved session and /model switches through the picker", async () => {
  await using server = await ProviderServer.start({
    turns: [
      { text: "noted: swordfish", usage: { input: 1000, output: 100 } },
      { text: "it was swordfish" },
    ],
  });
  await using dirs = await zotDirs();
  const argv = zotArgv(server.url, "--no-ext");
  const size = { cols: 110, rows: 30 };
  {
    await using first = await openZot(argv, dirs, size);
    await submit(first, "remember the password swordfish");
    await first.waitFor("noted: swordfish");
    await first.waitFor("$0.0045");
    await quitZot(first);
  }
  {
    await using s = await openZot(argv, dirs, size);
    await submit(s, "/sessions");
    const list = await s.waitFor("resume a session");
    assert.match(list, /→ \d{4}-\d\d-\d\d \d\d:\d\d {2}claude-sonnet-4-5 {2}2 msgs {2}\$0\.0045/);
    assertIncludes(list, "remember the password swordfish");
    await s.send(["Enter"]);
    const resumed = await s.waitFor("noted: swordfish");
    assertIncludes(resumed, "resumed ");
    assertIncludes(resumed, "anthropic/claude-sonnet-4-5 · ctx 1% · $0.0045");

    await submit(s, "/model");
    const picker = await s.waitFor("choose a model (anthropic)");
    assertIncludes(picker, "→ claude-sonnet-4-5 (current)");
    let screen = picker;
    for (let i = 0; i < 20 && !screen.includes("→ claude-haiku-4-5"); i++) {
      const before = screen;
      await s.send(["Down"]);
      screen = await s.waitFor((p) => p !== before);
    }
    assertIncludes(screen, "→ claude-haiku-4-5");
    await s.send(["Enter"]);
    await s.waitFor("anthropic/claude-haiku-4-5 ·");
    await s.waitFor((p) => !p.includes("choose a model"));

    await submit(s, "what was it?");
    await s.waitFor("it was swordfish");
    await quitZot(s);
  }

  const last = server.bodies().at(-1) as { model: string; messages: unknown[] };
  assertEquals(last.model, "claude-haiku-4-5");
  assertIncludes(JSON.stringify(last.messages), "remember the password swordfish");
  // The second run's own (empty) session is gone; the resumed one holds all four messages.
  const files = await sessionFiles(dirs.home);
  assertEquals(files.length, 1, files.join("\n"));
  const saved = await readSessionFile(files[0]);
  assertEquals(saved.messages.length, 4);
  // The choice is remembered: in the session's meta and in config.json for the next run.
  assertEquals(saved.meta?.model, "claude-haiku-4-5");
  const config = JSON.parse(await Deno.readTextFile(join(dirs.home, "config.json")));
  assertEquals([config.provider, config.model], ["anthropic", "claude-haiku-4-5"]);
});
