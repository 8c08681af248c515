/**
 * The built-in command registry, end to end: the real zot in print, json and rpc mode with a
 * real extension (tests/fixtures/e2e/squatter) that registers /skills (a name zot once
 * reserved without implementing it), /yolo (a built-in since issue 11) and /help and /model
 * (real built-ins). Each mode
 * lists and runs exactly the registry's commands for it, says where the others work, and
 * never shadows an extension command whose name the registry does not hold.
 */

import { join } from "node:path";
import { BUILTIN_COMMANDS, commandsFor, dispatch, type ModeName } from "../../src/commands/mod.ts";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { FIXTURES, World } from "./support.ts";

const SQUATTER = join(FIXTURES, "squatter");
/** The squatter's commands no built-in takes, as /help lists them. */
const EXTENSION_ONLY = ["skills"];
/** Built-ins that change the confirm gate or the jail (rpc and the TUI only), and what they say. */
const SAFETY: Record<string, string> = {
  yolo: "yolo: tools run without asking",
  jail: "jailed: file tools stay in",
  unjail: "unjailed: tools may reach outside",
};

type Run = { code: number; stdout: string; stderr: string };

/** What running each registered built-in must do; a new built-in needs an entry here. */
const EXPECTED: Record<string, (r: Run, world: World) => void> = {
  help: (r) => {
    assertEquals(r.code, 0, r.stderr);
    assertIncludes(r.stdout, "commands:");
  },
  compact: (r) => assertIncludes(r.stdout + r.stderr, "nothing to compact"),
  study: (r, world) => {
    assertEquals(r.code, 0, r.stderr);
    assert.ok(
      world.bodies().some((b) => b.includes("Read and understand everything")),
      "the /study prompt reached the model",
    );
  },
};

/** The command names of a /help text, section by section. */
function helpSections(text: string): { builtins: string[]; extension: string[] } {
  const out = { builtins: [] as string[], extension: [] as string[] };
  let section: string[] | undefined;
  for (const line of text.split("\n")) {
    if (line === "commands:") section = out.builtins;
    else if (line === "extension commands:") section = out.extension;
    else if (section) section.push(/^ {2}\/(\S+)/.exec(line)?.[1] ?? "?");
  }
  return out;
}

/** The /help text out of a print or json run. */
function helpOf(mode: "print" | "json", stdout: string): string {
  if (mode === "print") return stdout.trimEnd();
  const display = stdout.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>)
    .find((l) => l.type === "ext_display");
  return String(display?.text ?? "");
}

for (const mode of ["print", "json"] as const) {
  const flag = mode === "print" ? "-p" : "--json";

  Deno.test(`${mode}: /help lists exactly the registry's ${mode} built-ins, then unshadowed extension commands`, async () => {
    await using world = await World.create();
    const r = await world.run(["--ext", SQUATTER, flag, "/help"]);
    assertEquals(r.code, 0, r.stderr);
    const help = helpOf(mode, r.stdout);
    assertEquals(helpSections(help), {
      builtins: commandsFor(mode).map((c) => c.name),
      extension: EXTENSION_ONLY,
    });
    assertEquals(help.includes("squatter's /help"), false, help);
  });

  Deno.test(`${mode}: every registered built-in runs; the others say where they work`, async () => {
    const registered = commandsFor(mode);
    await using world = await World.create(registered.map(() => ({ text: "studied" })));
    for (const command of BUILTIN_COMMANDS) {
      const r = await world.run(["--ext", SQUATTER, flag, `/${command.name}`]);
      assertEquals(
        r.stdout.includes("squatter ran"),
        false,
        `/${command.name} reached the extension`,
      );
      if (registered.includes(command)) {
        const expect = EXPECTED[command.name];
        assert.ok(expect, `no expectation for the registered built-in /${command.name}`);
        expect(r, world);
      } else {
        assertEquals(r.code, 1, `/${command.name}: ${r.stderr}`);
        const route = dispatch(command.name, mode);
        assert.ok(route.kind === "elsewhere", command.name);
        assertIncludes(r.stderr, route.message);
      }
    }
  });

  Deno.test(`${mode}: extension commands the registry does not hold run in the extension`, async () => {
    await using world = await World.create();
    for (const name of EXTENSION_ONLY) {
      const r = await world.run(["--ext", SQUATTER, flag, `/${name} now`]);
      assertEquals(r.code, 0, r.stderr);
      assertIncludes(r.stdout, `squatter ran /${name} now`);
    }
  });
}

Deno.test("rpc: list_commands lists exactly the registry's rpc built-ins; each runs; /skills reaches the extension", async () => {
  const mode: ModeName = "rpc";
  await using world = await World.create([{ text: "studied" }]);
  const rpc = world.rpc(["--ext", SQUATTER]);
  try {
    const listed = await rpc.request({ id: "list", type: "list_commands" });
    const commands = (listed.data as { commands: { name: string; source: string }[] }).commands;
    assertEquals(
      commands.map((c) => `${c.source}:${c.name}`),
      [
        ...commandsFor(mode).map((c) => `builtin:${c.name}`),
        ...EXTENSION_ONLY.map((n) => `extension:${n}`),
      ],
    );
    for (const command of BUILTIN_COMMANDS) {
      const answer = await rpc.request({ id: command.name, type: "command", name: command.name });
      if (!commandsFor(mode).includes(command)) {
        assertEquals(answer.error, `/${command.name} is only available in the interactive mode`);
        continue;
      }
      assertEquals(answer.success, true, JSON.stringify(answer));
      if (command.name in SAFETY) {
        assertIncludes(String((answer.data as { text: string }).text), SAFETY[command.name]);
      } else if (command.name === "help") {
        const text = String((answer.data as { text: string }).text);
        assertEquals(helpSections(text).builtins, commandsFor(mode).map((c) => c.name));
      } else {
        // study and compact queue work that ends with exactly one done of this id.
        await rpc.next((l) => l.type === "done" && l.id === command.name);
      }
    }
    assert.ok(world.bodies().some((b) => b.includes("Read and understand everything")));
    for (const name of EXTENSION_ONLY) {
      const answer = await rpc.request({ id: `x-${name}`, type: "command", text: `/${name} a` });
      assertEquals(answer.data, {
        action: "display",
        extension: "squatter",
        text: `squatter ran /${name} a`,
      });
    }
  } finally {
    const end = await rpc.close();
    assertEquals(end.code, 0, end.stderr);
  }
});
