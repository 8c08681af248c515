/**
 * End-to-end in tmux: the confirm gate (--no-yolo) and a guard's `ask` as a dialog (allow
 * once, deny with a reason the model sees, /yolo), extension dialogs (select, confirm, input)
 * answered in the TUI, and /jail, /unjail, with the real zot, real extensions and the provider
 * server.
 */

import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { exists } from "../support/files.ts";
import { ProviderServer } from "../support/provider_server.ts";
import { submit } from "./support/tmux.ts";
import { openZot, quitZot, zotArgv, zotDirs } from "./support/zot_tmux.ts";

const fixtures = new URL("../fixtures/e2e/", import.meta.url).pathname;

function bash(id: string, file: string) {
  return {
    blocks: [{ type: "tool_use" as const, id, name: "bash", input: { command: `touch ${file}` } }],
  };
}

Deno.test("tmux: approvals — gate and guard ask in one dialog, deny with a reason, /yolo", async () => {
  await using server = await ProviderServer.start({
    turns: [
      bash("b1", "one"),
      { text: "ran the first" },
      bash("b2", "two"),
      { text: "did not run the second" },
      bash("b3", "three"),
      { text: "ran the third" },
    ],
  });
  await using dirs = await zotDirs();
  const cwd = dirs.cwd;
  const argv = zotArgv(server.url, "--no-session", "--no-yolo", "--ext", join(fixtures, "asker"));
  await using s = await openZot(argv, dirs, { cols: 110, rows: 30 });
  await submit(s, "make one");
  const dialog = await s.waitFor("allow bash: touch one");
  assertIncludes(dialog, "extension asker asks: bash touches the machine");
  assertIncludes(dialog, "allow bash for this session");
  assertIncludes(dialog, "deny with a reason");
  await s.send(["Enter"]); // allow once (the first choice)
  await s.waitFor("ran the first");
  assertEquals(await exists(join(cwd, "one")), true);

  await submit(s, "make two");
  await s.waitFor("allow bash: touch two");
  await s.send(["Down", "Down", "Down", "Down", "Enter"]);
  await s.waitFor("why deny bash?");
  await submit(s, "too risky today");
  await s.waitFor("did not run the second");
  assertEquals(await exists(join(cwd, "two")), false);
  const denied = JSON.stringify(server.bodies()[3]);
  assertIncludes(denied, "the user denied the call: too risky today");

  await submit(s, "/yolo");
  await s.waitFor("yolo: tools run without asking");
  await submit(s, "make three");
  await s.waitFor("ran the third");
  assertEquals(await exists(join(cwd, "three")), true);
  const screen = await s.capture();
  assert(!screen.includes("allow bash: touch three"), screen);

  await quitZot(s);
});

Deno.test("tmux: extension dialogs — select, confirm and input answered in the TUI", async () => {
  await using server = await ProviderServer.start({ turns: [] });
  await using dirs = await zotDirs();
  const argv = zotArgv(server.url, "--no-session", "--ext", join(fixtures, "dialoger"));
  await using s = await openZot(argv, dirs, { cols: 100, rows: 30 });
  await submit(s, "/pick");
  await s.waitFor("[dialoger] Pick a color");
  await s.send(["Down", "Enter"]); // from the default (green) to blue
  await s.waitFor('answer: "blue"');

  await submit(s, "/sure");
  await s.waitFor("[dialoger] Really do it?");
  await s.send(["Enter"]);
  await s.waitFor("answer: true");

  await submit(s, "/name");
  await s.waitFor("type your answer");
  await submit(s, "Ada");
  await s.waitFor('answer: "Ada"');

  // /jail and /unjail come from the command registry and answer with a note.
  await submit(s, "/jail");
  await s.waitFor("jailed: file tools stay in");
  await submit(s, "/unjail");
  await s.waitFor("unjailed: tools may reach outside the project again");

  await quitZot(s);
});
