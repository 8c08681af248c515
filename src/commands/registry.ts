/**
 * The one list of built-in slash commands. Every mode runs, lists and reserves exactly
 * these: the TUI's popup and /help, `zot -p /help`, rpc's `get_commands`, the extension
 * host's name reservation and docs/extensions.md are all read from it, so they cannot
 * disagree. A later feature adds its command here, with the modes that implement it.
 */

/** A way zot runs. */
export type ModeName = "print" | "json" | "rpc" | "interactive";

/** Every mode, in the order docs list them. */
export const MODE_NAMES: readonly ModeName[] = ["print", "json", "rpc", "interactive"];

/** An extension command as /help lists it. */
export interface ListedCommand {
  name: string;
  description?: string;
  extension: string;
}

/** What only the interactive mode can do for a built-in. */
export interface InteractivePort {
  /** `/model` alone opens the picker; `/model <id>` switches. */
  model(args: string): void | Promise<void>;
  clear(): void | Promise<void>;
  sessions(): void | Promise<void>;
  reloadExtensions(): void | Promise<void>;
  exit(): void | Promise<void>;
}

/** The confirm gate and the jail, in the modes that have them (rpc and the TUI). */
export interface SafetyPort {
  /** `/yolo`: no more approvals this session; returns what to tell the user. */
  yolo(): string;
  /** `/jail [--net]` and `/unjail`; returns what to tell the user. */
  jail(locked: boolean, network: boolean): string;
}

/** What a mode lets a built-in do; each mode implements it once. */
export interface CommandPort {
  readonly mode: ModeName;
  /** Shows the /help text (the TUI adds its keys). */
  help(text: string): void | Promise<void>;
  /** Runs the text as a user prompt. */
  prompt(text: string): void | Promise<void>;
  /** Summarises the older part of the conversation. */
  compact(): void | Promise<void>;
  /** The extension commands /help lists. */
  extensionCommands(): readonly ListedCommand[];
  /** Present only in the interactive mode. */
  readonly interactive?: InteractivePort;
  /** Present in the modes that run /yolo, /jail and /unjail. */
  readonly safety?: SafetyPort;
  /** Shows a one-line note (falls back to help's display when absent). */
  notice?(text: string): void | Promise<void>;
}

/** One built-in command. */
export interface BuiltinCommand {
  readonly name: string;
  readonly description: string;
  /** The modes that run it; elsewhere it answers that it needs one of them. */
  readonly modes: readonly ModeName[];
  /** Whether the TUI cancels the running turn (and waits for it) before running it. */
  cancelsTurn(args: string): boolean;
  /** Does the command through the mode's port. */
  run(args: string, port: CommandPort): void | Promise<void>;
}

import { UsageError } from "../errors/mod.ts";
import { byCodeUnit } from "../text/mod.ts";

const STUDY_PROMPT = "Read and understand everything in the current directory.";
const EVERY_MODE = MODE_NAMES;
const INTERACTIVE: readonly ModeName[] = ["interactive"];
const never = () => false;
const always = () => true;

/** The interactive port; the registry only routes a command to modes that have one. */
function tui(port: CommandPort): InteractivePort {
  if (!port.interactive) {
    throw new UsageError(`built-in commands of the TUI cannot run in the ${port.mode} mode`, {
      hint: "run zot without -p, --json or rpc",
    });
  }
  return port.interactive;
}

const SAFE_MODES: readonly ModeName[] = ["rpc", "interactive"];

/** The safety port; the registry only routes /yolo, /jail and /unjail to modes with one. */
function safety(port: CommandPort): SafetyPort {
  if (!port.safety) {
    throw new UsageError(`the confirm gate and the jail cannot change in the ${port.mode} mode`, {
      hint: "use --yolo / --no-yolo, or run zot interactively or as zot rpc",
    });
  }
  return port.safety;
}

function say(port: CommandPort, text: string): void | Promise<void> {
  return port.notice ? port.notice(text) : port.help(text);
}

/** Built-ins, in the order the popup, /help and the docs show them. */
export const BUILTIN_COMMANDS: readonly BuiltinCommand[] = [
  {
    name: "help",
    description: "list the commands (and the keys, in the TUI)",
    modes: EVERY_MODE,
    cancelsTurn: never,
    run: (_args, port) => port.help(helpText(port.mode, port.extensionCommands())),
  },
  {
    name: "model",
    description: "pick a model, or switch: /model <id>",
    modes: INTERACTIVE,
    // A bare /model only opens the picker; the turn is cancelled once a model is chosen.
    cancelsTurn: (args) => args !== "",
    run: (args, port) => tui(port).model(args),
  },
  {
    name: "clear",
    description: "clear the conversation",
    modes: INTERACTIVE,
    cancelsTurn: always,
    run: (_args, port) => tui(port).clear(),
  },
  {
    name: "compact",
    description: "summarise the conversation to free context",
    modes: EVERY_MODE,
    cancelsTurn: always,
    run: (_args, port) => port.compact(),
  },
  {
    name: "study",
    description: "read and understand the current directory",
    modes: EVERY_MODE,
    // A prompt: while a turn runs it queues like any typed message.
    cancelsTurn: never,
    run: (_args, port) => port.prompt(STUDY_PROMPT),
  },
  {
    name: "sessions",
    description: "resume one of this directory's sessions",
    modes: INTERACTIVE,
    cancelsTurn: never,
    run: (_args, port) => tui(port).sessions(),
  },
  {
    name: "reload-ext",
    description: "restart extensions, rebuild tools and commands",
    modes: INTERACTIVE,
    cancelsTurn: always,
    run: (_args, port) => tui(port).reloadExtensions(),
  },
  {
    name: "yolo",
    description: "stop asking before tools run, for the rest of the session",
    modes: SAFE_MODES,
    cancelsTurn: never,
    run: (_args, port) => say(port, safety(port).yolo()),
  },
  {
    name: "jail",
    description: "keep file tools in the project and sandbox bash (/jail --net allows network)",
    modes: SAFE_MODES,
    cancelsTurn: never,
    run: (args, port) => say(port, safety(port).jail(true, args.trim() === "--net")),
  },
  {
    name: "unjail",
    description: "let tools reach outside the project again",
    modes: SAFE_MODES,
    cancelsTurn: never,
    run: (_args, port) => say(port, safety(port).jail(false, false)),
  },
  {
    name: "exit",
    description: "quit zot",
    modes: INTERACTIVE,
    cancelsTurn: never,
    run: (_args, port) => tui(port).exit(),
  },
];

/** Every built-in name: extensions cannot take these. */
export const BUILTIN_COMMAND_NAMES: readonly string[] = BUILTIN_COMMANDS.map((c) => c.name);

/** Finds a built-in by name (in any mode). */
export function builtinCommand(name: string): BuiltinCommand | undefined {
  return BUILTIN_COMMANDS.find((c) => c.name === name);
}

/** The built-ins a mode runs, in registry order. */
export function commandsFor(mode: ModeName): BuiltinCommand[] {
  return BUILTIN_COMMANDS.filter((c) => c.modes.includes(mode));
}

/** What running `/name` in `mode` leads to. */
export type Dispatch =
  | { kind: "builtin"; command: BuiltinCommand }
  | { kind: "elsewhere"; message: string }
  | { kind: "extension" };

/**
 * Built-ins win over extension commands of the same name; a built-in another mode runs
 * says where it works instead of falling through to an extension.
 */
export function dispatch(name: string, mode: ModeName): Dispatch {
  const command = builtinCommand(name);
  if (!command) return { kind: "extension" };
  if (command.modes.includes(mode)) return { kind: "builtin", command };
  const where = command.modes.length === 1 && command.modes[0] === "interactive"
    ? "the interactive mode"
    : `the ${command.modes.join(", ")} modes`;
  return { kind: "elsewhere", message: `/${name} is only available in ${where}` };
}

/** The /help text of a mode: its built-ins, then extension commands no built-in shadows. */
export function helpText(mode: ModeName, extensionCommands: readonly ListedCommand[]): string {
  const builtins = commandsFor(mode);
  const extension = extensionCommands.filter((c) => !BUILTIN_COMMAND_NAMES.includes(c.name))
    .sort((a, b) => byCodeUnit(a.name, b.name));
  const width = Math.max(12, ...extension.map((c) => c.name.length + 1));
  const lines = ["commands:"];
  for (const c of builtins) lines.push(`  /${c.name.padEnd(width)} ${c.description}`);
  if (extension.length) {
    lines.push("extension commands:");
    for (const c of extension) {
      lines.push(`  /${c.name.padEnd(width)} ${c.description ?? ""} [${c.extension}]`.trimEnd());
    }
  }
  return lines.join("\n");
}
