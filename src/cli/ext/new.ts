/** `zot ext new <name>`: scaffold a working extension, then say how to check, test and install it. */

import { isAbsolute, relative } from "../../paths/mod.ts";
import { Command, Option } from "../commander.ts";
import {
  SCAFFOLD_LANGUAGES,
  scaffoldExtension,
  type ScaffoldLanguage,
  type ScaffoldResult,
} from "../../extensions/mod.ts";
import { BUILTIN_COMMAND_NAMES } from "../../commands/mod.ts";
import type { ExtCommandContext } from "./context.ts";
import { type Output, paint } from "../output.ts";

const LANGUAGE_NAMES: Record<ScaffoldLanguage, string> = {
  ts: "TypeScript on Deno",
  python: "Python",
  shell: "POSIX shell with jq",
};

/** How to write `dir` in a command typed in `cwd`: `./x` inside it, else absolute. */
export function displayDir(dir: string, cwd: string): string {
  const rel = relative(cwd, dir);
  if (rel === "") return ".";
  if (isAbsolute(rel) || rel.split(/[\\/]/).includes("..")) return dir;
  return `./${rel}`;
}

/** Quotes an argument for a POSIX shell when it needs it. */
export function shellQuote(arg: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}

/** What `zot ext new` prints: the files written and the next steps. */
export function renderCreated(result: ScaffoldResult, cwd: string, output: Output): string {
  const dir = displayDir(result.dir, cwd);
  const width = Math.max(...result.files.map((f) => f.path.length));
  let text = paint(
    output,
    "green",
    `created extension "${result.name}" (${LANGUAGE_NAMES[result.language]}) in ${dir}`,
  ) + "\n";
  for (const file of result.files) {
    text += `  ${file.path.padEnd(width)}  ${paint(output, "dim", file.what)}\n`;
  }
  const steps: [string[], string][] = [
    [
      ["zot", "ext", "check", dir, "--probe"],
      `start it alone; try /${result.command} and ${result.tool}`,
    ],
    [result.testCommand(dir), "run its test"],
    [["zot", "ext", "install", dir], `install it, restart zot, type /${result.command}`],
  ];
  const commands = steps.map(([argv]) => argv.map(shellQuote).join(" "));
  const stepWidth = Math.max(...commands.map((c) => c.length));
  text += "\nnext steps:\n";
  steps.forEach(([, why], i) => {
    text += `  ${commands[i].padEnd(stepWidth)}  ${paint(output, "dim", why)}\n`;
  });
  return text;
}

/** `zot ext new <name> [--lang ts|python|shell] [--dir <path>]`. */
export function addNew(ext: Command, { output, locations }: ExtCommandContext): void {
  ext.command("new")
    .description("create a working extension to start from: manifest, code, a test, a README")
    .argument("<name>", 'extension name: letters, digits, ".", "_" or "-"')
    .addOption(
      new Option("-l, --lang <lang>", "language of the code")
        .choices(SCAFFOLD_LANGUAGES)
        .default("ts" as ScaffoldLanguage),
    )
    .option("-d, --dir <path>", "folder to create (default: ./<name>)")
    .addHelpText(
      "after",
      `
Each language gets /<name> (a slash command that shows a note) and <name>_echo (a tool
the model can call), plus a test that speaks the protocol to it:
  ts      main.ts on the TypeScript SDK, run sandboxed by Deno with no permissions;
          main_test.ts (deno test)
  python  main.py on the Python SDK (standard library only); test_main.py (unittest)
  shell   main.sh with jq; test.sh
The SDK is copied into the folder, so the extension has no dependencies. The folder must
not exist or be empty; on any failure nothing is written.`,
    )
    .action(async (name, options) => {
      const { cwd } = locations();
      const language = options.lang as ScaffoldLanguage;
      const result = await scaffoldExtension({ name, language, dir: options.dir, cwd });
      output.out(renderCreated(result, cwd, output));
      if (BUILTIN_COMMAND_NAMES.includes(result.command)) {
        output.err(
          paint(
            output,
            "yellow",
            `warning: /${result.command} is a built-in command, which wins over the extension's; ` +
              "rename the command in the code",
          ) + "\n",
        );
      }
    });
}
