import { join } from "node:path";
import {
  BUILTIN_COMMAND_NAMES,
  BUILTIN_COMMANDS,
  type CommandPort,
  commandsFor,
  commandsTable,
  dispatch,
  helpText,
  MODE_NAMES,
  withCommandsTable,
} from "../../src/commands/mod.ts";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";

const DOC = join(import.meta.dirname!, "..", "..", "docs", "extensions.md");

Deno.test("docs/extensions.md holds the table generated from the registry, exactly", async () => {
  const doc = await Deno.readTextFile(DOC);
  assertIncludes(doc, commandsTable());
  assertEquals(withCommandsTable(doc), doc, "stale table: run deno task docs:commands");
  for (const c of BUILTIN_COMMANDS) assertIncludes(commandsTable(), `| \`/${c.name}\` |`);
});

Deno.test("withCommandsTable replaces only what lies between the markers", () => {
  const doc = "before\n<!-- builtin-commands:start (deno task docs:commands) -->\nold\n" +
    "<!-- builtin-commands:end -->\nafter\n";
  assertEquals(withCommandsTable(doc), `before\n${commandsTable()}\nafter\n`);
  assertEquals(withCommandsTable("no markers here"), undefined);
});

Deno.test("names are unique, usable and each runs in at least one mode", () => {
  assertEquals(new Set(BUILTIN_COMMAND_NAMES).size, BUILTIN_COMMAND_NAMES.length);
  for (const c of BUILTIN_COMMANDS) {
    assert.ok(/^[a-z][a-z-]*$/.test(c.name), c.name);
    assert.ok(c.modes.length > 0 && c.modes.every((m) => MODE_NAMES.includes(m)), c.name);
  }
  assertEquals(BUILTIN_COMMAND_NAMES.includes("skills"), false);
  // /yolo, /jail and /unjail are implemented (issue 11), so they are reserved.
  assertEquals(BUILTIN_COMMAND_NAMES.includes("yolo"), true);
});

Deno.test("dispatch: a mode's built-in runs, another mode's says where, any other name is the extension's", () => {
  for (const mode of MODE_NAMES) {
    for (const c of BUILTIN_COMMANDS) {
      const route = dispatch(c.name, mode);
      if (c.modes.includes(mode)) assertEquals(route, { kind: "builtin", command: c });
      else assertEquals(route.kind, "elsewhere");
    }
    assertEquals(dispatch("skills", mode), { kind: "extension" });
  }
  assertEquals(dispatch("model", "print"), {
    kind: "elsewhere",
    message: "/model is only available in the interactive mode",
  });
});

Deno.test("helpText lists a mode's built-ins, then extension commands no built-in shadows", () => {
  const text = helpText("rpc", [
    { name: "zeta", description: "last", extension: "z" },
    { name: "help", description: "squatted", extension: "s" },
    { name: "alpha", extension: "a" },
  ]);
  const names = text.split("\n").map((l) => /^ {2}\/(\S+)/.exec(l)?.[1]).filter(Boolean);
  assertEquals(names, [...commandsFor("rpc").map((c) => c.name), "alpha", "zeta"]);
  assertEquals(text.includes("squatted"), false);
});

Deno.test("a TUI-only built-in refuses a port without the interactive part", async () => {
  const port: CommandPort = {
    mode: "print",
    help: () => {},
    prompt: () => {},
    compact: () => {},
    extensionCommands: () => [],
  };
  const model = BUILTIN_COMMANDS.find((c) => c.name === "model")!;
  let message = "";
  try {
    await model.run("", port);
  } catch (err) {
    message = String(err);
  }
  assertIncludes(message, "cannot run in the print mode");
});
