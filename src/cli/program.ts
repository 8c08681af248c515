/** The `zot` command tree: root options, `zot ext …`, `zot rpc`. */

import { Command, CommanderError, type CommandUnknownOpts, Option } from "./commander.ts";
import { ZOT_VERSION } from "../config/mod.ts";
import { type Output, paint, processOutput } from "./output.ts";
import { reportFailure } from "./report.ts";
import { collect, positiveInt } from "./root_values.ts";
import { buildExtCommand } from "./ext/mod.ts";
import { RUN_GRANT_HELP } from "./run_grant.ts";
import { addRunGrantOptions } from "./run_grant_options.ts";
import { buildUpgradeCommand } from "./upgrade.ts";
import { buildDoctorCommand } from "./doctor.ts";
import { buildCompletionsCommand } from "./completions.ts";
import { refuseNearCommand } from "./near_command.ts";
import { expandRpcAlias } from "./rpc_alias.ts";
import { applyGroupConvention } from "./command_group.ts";
import type { RootInvocation } from "./run_root.ts";

/** The column commander wraps the root help at, on a terminal or not. */
export const HELP_WIDTH = 80;

/** What the root action does with the parsed flags; tests pass one that records them. */
export type RootRunner = (invocation: RootInvocation) => Promise<void>;

async function runRootLazily(invocation: RootInvocation): Promise<void> {
  // The agent, providers, modes and the host load only for a run, not for `zot ext …`.
  const { runRoot } = await import("./run_root.ts");
  await runRoot(invocation);
}

/** Builds the root command; separate from running it so tests can inspect help text. */
// The return type is what extra-typings infers from the option chain; spelling it out would
// duplicate every option.
// deno-lint-ignore explicit-module-boundary-types
export function buildProgram(output: Output, run: RootRunner = runRootLazily) {
  const program = rootCommand(output)
    .option("-p, --print", "print mode: run the prompt and print only the final answer")
    .option("--json", "json mode: print one JSON object per agent event")
    .option("--rpc", "rpc mode: NDJSON commands on stdin, events on stdout (also: zot rpc)")
    .option("--auto-submit", "rpc mode: run extensions' submit frames as prompts (docs/rpc.md)")
    .option("--provider <name>", "model provider: anthropic, openai, ollama")
    .option("--model <id>", "model id")
    .option("--api-key <key>", "API key (overrides env and auth.json)")
    .option("--base-url <url>", "provider base URL")
    .option("--list-models", "list known models and exit")
    .addOption(
      new Option("--reasoning <level>", "reasoning effort").choices(["low", "medium", "high"]),
    )
    .option("--system-prompt <text>", "replace the system prompt")
    .option("--append-system-prompt <text>", "append to the system prompt (repeatable)", collect)
    .option("--max-steps <n>", "stop after this many model turns (default 50)", positiveInt)
    .option("--tools <csv>", "only these built-in tools, comma separated")
    .option(
      "--no-tools",
      "no built-in tools (extension tools stay; --no-ext drops discovered ones)",
    )
    .option("--cwd <path>", "working directory for the agent and its tools")
    .option("-c, --continue", "continue the newest session for this folder")
    .option("-r, --resume", "pick a session to resume")
    .option("--session <path>", "open this session file")
    .option("--no-session", "do not read or write a session")
    .option(
      "-e, --ext <path>",
      "load the extension in this folder for this run (repeatable)",
      collect,
    )
    .option("--no-ext", "skip extension discovery (--ext still applies)")
    .option(
      "--ext-audit",
      "write Deno's permission audit per sandboxed extension to its log folder",
    )
    .option(
      "--ext-trace <file>",
      "record every extension frame in and out, with timestamps, as JSON lines in <file>",
    )
    .option("--no-yolo", "confirm gate: ask before write, edit, bash and extension tools")
    .option("--yolo", 'no confirm gate (default unless config.json says "yolo": false)')
    .option("--debug", "show stack traces and causes of errors");

  addRunGrantOptions(program);
  program.addHelpText("after", MODES_HELP);
  addSubcommands(program, output);
  const ext = recordExtFlags(program);
  program.action(async (prompt, options) => {
    const all = { ...options, noExt: ext.noExt(), extPaths: ext.paths };
    await run({ prompt: prompt.join(" "), options: all, output });
  });
  applyGroupConvention(program);
  return program;
}

/** The root command before its options: name, version, output, the prompt argument. */
function rootCommand(output: Output) {
  return new Command("zot")
    .description("A terminal coding agent with language-agnostic extensions.")
    .version(`zot ${ZOT_VERSION}`, "-v, --version", "print the zot version")
    .helpOption("-h, --help", "show help")
    .exitOverride()
    .showSuggestionAfterError(true)
    // Root options go before a subcommand; otherwise `zot ext list --json` would set the
    // root's --json and the subcommand would never see its own flag.
    .enablePositionalOptions()
    .configureOutput({
      writeOut: (s) => output.out(s),
      writeErr: (s) => output.err(s),
      outputError: (s, write) => write(paint(output, "red", s)),
      // One width everywhere, so `zot --help` can be answered from ROOT_HELP (entry.ts).
      getOutHelpWidth: () => HELP_WIDTH,
      getErrHelpWidth: () => HELP_WIDTH,
    })
    .argument("[prompt...]", "prompt to send (joined with spaces)");
}

const MODES_HELP = `
One-run grants for --ext extensions that run sandboxed by Deno:
${RUN_GRANT_HELP}

Modes:
  zot                       the chat TUI (on a terminal)
  zot -p "prompt"           print the final answer; a prompt may also come on stdin
  zot --json "prompt"       one JSON object per agent event (docs/json.md)
  zot rpc                   NDJSON commands on stdin, responses and events on stdout (docs/rpc.md)
  zot -p "/name args"       run an extension's slash command`;

function addSubcommands(program: CommandUnknownOpts, output: Output): void {
  program.addCommand(buildExtCommand(output));
  program.addCommand(buildUpgradeCommand(output));
  program.addCommand(buildDoctorCommand(output));
  program.addCommand(buildCompletionsCommand(output));
}

/** `--no-ext` and `--ext` share one key; record both separately so both apply. */
function recordExtFlags(program: CommandUnknownOpts): { noExt: () => boolean; paths: string[] } {
  let noExt = false;
  const paths: string[] = [];
  program.on("option:no-ext", () => noExt = true);
  program.on("option:ext", (path: string) => paths.push(path));
  return { noExt: () => noExt, paths };
}

/** The parsed root options, as commander types them. */
export type RootOptions = ReturnType<ReturnType<typeof buildProgram>["opts"]>;

/** Runs zot with these arguments and returns the process exit code; never exits itself. */
export async function runCli(args: string[], output: Output = processOutput()): Promise<number> {
  const program = buildProgram(output);
  const debug = args.includes("--debug");
  args = expandRpcAlias(args);
  try {
    const names = program.commands.flatMap((c) => [c.name(), ...c.aliases()]);
    refuseNearCommand(args, [...names, "rpc"]);
    await program.parseAsync(args, { from: "user" });
    return 0;
  } catch (err) {
    return reportError(err, output, debug);
  }
}

function reportError(err: unknown, output: Output, debug: boolean): number {
  if (err instanceof CommanderError) {
    // Commander has already printed its message (or the help text).
    if (err.code === "commander.helpDisplayed" || err.code === "commander.version") return 0;
    if (err.code === "commander.help") return 0;
    return 2;
  }
  return reportFailure(err, output, debug);
}
