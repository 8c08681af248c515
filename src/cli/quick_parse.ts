/**
 * Parses the root command's flags without commander, which alone costs about an empty Deno
 * start (it loads Node's events, fs, path, process and child_process). It reads only what it
 * is sure of and declines (returns undefined) everything else: unknown or bundled flags, a
 * missing or doubtful value, `--help`/`--version`, a subcommand. Commander then parses the
 * same arguments and reports any error, so the two can never disagree; tests/cli/
 * quick_parse_test.ts holds them to the same record over a corpus of command lines.
 */

import type { RootFlagSpec } from "./root_flag_spec.ts";
import { ROOT_COMMANDS, ROOT_DEFAULTS, ROOT_FLAGS } from "./root_flags.ts";
import { collect, positiveInt } from "./root_values.ts";
import { expandRpcAlias } from "./rpc_alias.ts";

/** What the root action receives: the prompt words joined, and commander's options record. */
export interface QuickRun {
  prompt: string;
  options: Record<string, unknown>;
}

const BY_FLAG = new Map<string, RootFlagSpec>(
  ROOT_FLAGS.flatMap((spec) => [
    [spec.long, spec] as const,
    ...(spec.short ? [[spec.short, spec] as const] : []),
  ]),
);

/** The parsed root run, or undefined to leave these arguments to commander. */
export function quickParse(args: readonly string[]): QuickRun | undefined {
  args = expandRpcAlias(args);
  const state = new ParseState();
  for (let i = 0; i < args.length; i++) {
    const taken = state.take(args[i], args[i + 1]);
    if (taken === undefined) return undefined;
    i += taken;
  }
  // Commander's implicit `help` command is not in the list: program.ts's near-miss check
  // must not see it either.
  const first = state.words[0];
  if (first !== undefined && (ROOT_COMMANDS.includes(first) || first === "help")) return undefined;
  return state.result();
}

/** The record being built, in commander's shapes. */
class ParseState {
  readonly words: string[] = [];
  readonly #options: Record<string, unknown> = structuredClone(ROOT_DEFAULTS);
  #noExt = false;
  readonly #extPaths: string[] = [];

  /** Reads `arg` (and maybe `next` as its value): how many extra arguments it used. */
  take(arg: string, next: string | undefined): number | undefined {
    if (!arg.startsWith("-") || arg === "-") {
      this.words.push(arg);
      return 0;
    }
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const spec = BY_FLAG.get(eq > 0 ? arg.slice(0, eq) : arg);
    if (spec === undefined) return undefined;
    if (spec.value === "none") return eq > 0 ? undefined : this.#set(spec, !spec.negate, 0);
    if (eq > 0) return this.#set(spec, arg.slice(eq + 1), 0);
    // Commander takes the next argument as the value unless it looks like a flag; a required
    // value that looks like one is left to commander to judge.
    if (next !== undefined && !next.startsWith("-")) return this.#set(spec, next, 1);
    return spec.value === "optional" ? this.#set(spec, true, 0) : undefined;
  }

  #set(spec: RootFlagSpec, raw: string | boolean, used: number): number | undefined {
    if (spec.key === "ext") {
      if (spec.negate) this.#noExt = true;
      else this.#extPaths.push(String(raw));
    }
    const value = typeof raw === "boolean" ? raw : this.#read(spec, raw);
    if (value === undefined) return undefined;
    this.#options[spec.key] = value;
    return used;
  }

  #read(spec: RootFlagSpec, raw: string): unknown {
    if (spec.choices && !spec.choices.includes(raw)) return undefined;
    if (spec.parse === "list") {
      return collect(raw, this.#options[spec.key] as string[] | boolean | undefined);
    }
    if (spec.parse === "int") {
      try {
        return positiveInt(raw);
      } catch {
        return undefined;
      }
    }
    return raw;
  }

  result(): QuickRun {
    const options = { ...this.#options, noExt: this.#noExt, extPaths: this.#extPaths };
    return { prompt: this.words.join(" "), options };
  }
}
