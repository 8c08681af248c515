/**
 * One convention for command groups: a group alone prints its help on stdout and exits 0;
 * an unknown subcommand is a usage error on stderr with exit 2.
 */

import { join } from "node:path";
import { assertEquals, assertIncludes } from "../support/assert.ts";
import { buildProgram } from "../../src/cli/program.ts";

const MAIN = join(import.meta.dirname!, "..", "..", "main.ts");

async function zot(...args: string[]) {
  const home = await Deno.makeTempDir();
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", MAIN, ...args],
      env: { ZOT_HOME: home, NO_COLOR: "1" },
      stdin: "null",
    }).output();
    const text = new TextDecoder();
    return { code: out.code, stdout: text.decode(out.stdout), stderr: text.decode(out.stderr) };
  } finally {
    await Deno.remove(home, { recursive: true });
  }
}

/** Every command with subcommands, as the words that reach it (`["ext"]`). */
function groups(): string[][] {
  const found: string[][] = [];
  const walk = (command: ReturnType<typeof buildProgram>["commands"][number], path: string[]) => {
    if (command.commands.length > 0) found.push(path);
    for (const sub of command.commands) walk(sub, [...path, sub.name()]);
  };
  for (
    const sub of buildProgram({ out: () => {}, err: () => {}, isTty: false, color: false }).commands
  ) {
    walk(sub, [sub.name()]);
  }
  return found;
}

Deno.test("every command group alone prints its help on stdout and exits 0", async () => {
  const all = groups();
  assertEquals(all.length > 0, true, "zot has at least the ext group");
  for (const group of all) {
    const run = await zot(...group);
    assertEquals([run.code, run.stderr], [0, ""], `zot ${group.join(" ")}`);
    assertIncludes(run.stdout, `Usage: zot ${group.join(" ")} [options] [command]`);
    assertEquals(run.stdout, (await zot(...group, "--help")).stdout, "same as --help");
  }
});

Deno.test("an unknown subcommand of a group is a usage error on stderr, exit 2", async () => {
  for (const group of groups()) {
    const run = await zot(...group, "lst");
    assertEquals([run.code, run.stdout], [2, ""], `zot ${group.join(" ")} lst`);
    assertIncludes(run.stderr, "unknown command 'lst'");
  }
});
