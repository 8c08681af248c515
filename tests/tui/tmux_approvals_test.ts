/**
 * End-to-end in tmux: the confirm gate (--no-yolo) and a guard's `ask` as a dialog (allow
 * once, deny with a reason the model sees, /yolo), extension dialogs (select, confirm, input)
 * answered in the TUI, and /jail, /unjail, with the real zot, real extensions and the provider
 * server.
 */

import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { ProviderServer } from "../support/provider_server.ts";
import { TmuxSession } from "./support/tmux.ts";
import { zotArgv } from "./support/zot_tmux.ts";

const fixtures = new URL("../fixtures/e2e/", import.meta.url).pathname;

function bash(id: string, file: string) {
  return {
    blocks: [{ type: "tool_use" as const, id, name: "bash", input: { command: `touch ${file}` } }],
  };
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

Deno.test("tmux: approvals — gate and guard ask in one dialog, deny with a reason, /yolo", async () => {
  const server = await ProviderServer.start({
    turns: [
      bash("b1", "one"),
      { text: "ran the first" },
      bash("b2", "two"),
      { text: "did not run the second" },
      bash("b3", "three"),
      { text: "ran the third" },
    ],
  });
  const home = await Deno.makeTempDir({ prefix: "zot-tui-home-" });
  const cwd = await Deno.makeTempDir({ prefix: "zot-tui-cwd-" });
  const argv = zotArgv(server.url, "--no-session", "--no-yolo", "--ext", join(fixtures, "asker"));
  const s = await TmuxSession.start(argv, { cols: 110, rows: 30, env: { ZOT_HOME: home }, cwd });
  try {
    await s.waitFor("type a message");
    await s.type("make one");
    await s.send(["Enter"]);
    const dialog = await s.waitFor("allow bash: touch one");
    assertIncludes(dialog, "extension asker asks: bash touches the machine");
    assertIncludes(dialog, "allow bash for this session");
    assertIncludes(dialog, "deny with a reason");
    await s.send(["Enter"]); // allow once (the first choice)
    await s.waitFor("ran the first");
    assertEquals(await exists(join(cwd, "one")), true);

    await s.type("make two");
    await s.send(["Enter"]);
    await s.waitFor("allow bash: touch two");
    await s.send(["Down", "Down", "Down", "Down", "Enter"]);
    await s.waitFor("why deny bash?");
    await s.type("too risky today");
    await s.send(["Enter"]);
    await s.waitFor("did not run the second");
    assertEquals(await exists(join(cwd, "two")), false);
    const denied = JSON.stringify(server.bodies()[3]);
    assertIncludes(denied, "the user denied the call: too risky today");

    await s.type("/yolo");
    await s.send(["Enter"]);
    await s.waitFor("yolo: tools run without asking");
    await s.type("make three");
    await s.send(["Enter"]);
    await s.waitFor("ran the third");
    assertEquals(await exists(join(cwd, "three")), true);
    const screen = await s.capture();
    assert(!screen.includes("allow bash: touch three"), screen);

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

Deno.test("tmux: extension dialogs — select, confirm and input answered in the TUI", async () => {
  const server = await ProviderServer.start({ turns: [] });
  const home = await Deno.makeTempDir({ prefix: "zot-tui-home-" });
  const argv = zotArgv(server.url, "--no-session", "--ext", join(fixtures, "dialoger"));
  const s = await TmuxSession.start(argv, { cols: 100, rows: 30, env: { ZOT_HOME: home } });
  try {
    await s.waitFor("type a message");
    await s.type("/pick");
    await s.send(["Enter"]);
    await s.waitFor("[dialoger] Pick a color");
    await s.send(["Down", "Enter"]); // from the default (green) to blue
    await s.waitFor('answer: "blue"');

    await s.type("/sure");
    await s.send(["Enter"]);
    await s.waitFor("[dialoger] Really do it?");
    await s.send(["Enter"]);
    await s.waitFor("answer: true");

    await s.type("/name");
    await s.send(["Enter"]);
    await s.waitFor("type your answer");
    await s.type("Ada");
    await s.send(["Enter"]);
    await s.waitFor('answer: "Ada"');

    // /jail and /unjail come from the command registry and answer with a note.
    await s.type("/jail");
    await s.send(["Enter"]);
    await s.waitFor("jailed: file tools stay in");
    await s.type("/unjail");
    await s.send(["Enter"]);
    await s.waitFor("unjailed: tools may reach outside the project again");

    await s.send(["C-c"]);
    await s.send(["C-c"]);
    await s.waitFor("[exited 0]");
  } finally {
    await s.close();
    await server.close();
    await Deno.remove(home, { recursive: true });
  }
});
