import { assertEquals, assertIncludes } from "../support/assert.ts";
import { join } from "node:path";
import { COMPLETION_SHELLS } from "../../src/cli/completion_scripts.ts";

const main = join(import.meta.dirname!, "..", "..", "main.ts");
const decoder = new TextDecoder();

async function run(command: string, args: string[], env: Record<string, string> = {}) {
  const { code, stdout, stderr } = await new Deno.Command(command, {
    args,
    env: { NO_COLOR: "1", ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code, out: decoder.decode(stdout), err: decoder.decode(stderr) };
}

/** The zot command line, as a shell would run it (zot from source). */
const zot = `'${Deno.execPath()}' run -A '${main}'`;

Deno.test("bash loads zot completions bash and completes commands, subcommands and choices", async () => {
  const script = `
source <(${zot} completions bash) || exit 9
complete -p zot
complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _zot; echo "\${COMPREPLY[*]}"; }
complete_words zot comp
complete_words zot ext ne
complete_words zot ext new x --lang p
complete_words zot completions ""
complete_words zot upgrade --r`;
  const r = await run("bash", ["-c", script]);
  assertEquals(r.code, 0, r.err);
  assertEquals(r.out.trim().split("\n"), [
    "complete -o default -F _zot zot",
    "completions",
    "new",
    "python",
    "--help -h bash zsh fish",
    "--rollback",
  ]);
});

Deno.test("zsh loads zot completions zsh and registers _zot for zot", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const r = await run("zsh", [
      "-c",
      `autoload -U compinit && compinit -u -d '${dir}/zcompdump' && ` +
      `source <(${zot} completions zsh) && print -r -- \${_comps[zot]}`,
    ]);
    assertEquals(r.code, 0, r.err);
    assertEquals(r.out.trim(), "_zot");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("fish loads zot completions fish and completes subcommands and choices", async () => {
  const r = await run("fish", [
    "-c",
    `${zot} completions fish | source; complete -C 'zot ext ne'; complete -C 'zot ext new x --lang '; complete -C 'zot completions '`,
  ]);
  assertEquals(r.code, 0, r.err);
  assertEquals(r.out.trim().split("\n"), [
    "new",
    "python",
    "shell",
    "ts",
    "bash",
    "fish",
    "zsh",
    "-h",
    "--help",
  ]);
});

Deno.test("zot completions refuses a shell it has no script for, naming the choices", async () => {
  const r = await run(Deno.execPath(), ["run", "-A", main, "completions", "powershell"]);
  assertEquals(r.code, 2);
  assertIncludes(r.err, `Allowed choices are ${COMPLETION_SHELLS.join(", ")}`);
});
