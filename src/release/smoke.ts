/**
 * The smoke test every built zot must pass before it is shipped or installed: `--version`
 * answers `zot <version>`, and a scaffolded shell extension passes `zot ext check --probe`.
 * That proves the binary is zot (not a plain deno), and that templates and the SDK travel
 * inside it (nothing is read from the source tree).
 */

import { join } from "../paths/mod.ts";

/** The extension languages the smoke test can scaffold. */
export const SMOKE_LANGS = ["shell", "python", "ts"] as const;

/** One of SMOKE_LANGS. */
export type SmokeLang = typeof SMOKE_LANGS[number];

/** Whether a string is one of SMOKE_LANGS. */
export function isSmokeLang(value: string): value is SmokeLang {
  return (SMOKE_LANGS as readonly string[]).includes(value);
}

/** How to run the zot under test, and what it must say. */
export interface SmokeOptions {
  /** argv that starts zot, e.g. `["dist/zot-x86_64-unknown-linux-gnu"]`. */
  zot: string[];
  /** The version `--version` must print. */
  version: string;
  /** Language of the scaffolded extension (default shell). */
  lang?: SmokeLang;
  /** Extra environment, e.g. a PATH. */
  env?: Record<string, string>;
  /** Kill a step that runs longer than this (default 120 s). */
  timeoutMs?: number;
}

interface Step {
  code: number;
  out: string;
  err: string;
}

/** Runs the smoke test; returns undefined when zot passed, else what went wrong. */
export async function smokeTest(options: SmokeOptions): Promise<string | undefined> {
  const shown = options.zot.join(" ");
  const version = await runStep(options, ["--version"], Deno.cwd());
  if (version.code !== 0 || version.out.trim() !== `zot ${options.version}`) {
    return `"${shown} --version" ${describeStep(version)} instead of "zot ${options.version}"`;
  }
  const dir = await Deno.makeTempDir({ prefix: "zot-smoke-" });
  try {
    const lang = options.lang ?? "shell";
    const steps = [["ext", "new", "x", "--lang", lang], ["ext", "check", "x", "--probe"]];
    for (const args of steps) {
      const step = await runStep(options, args, dir, { ZOT_HOME: join(dir, "home") });
      if (step.code !== 0) return `"${shown} ${args.join(" ")}" ${describeStep(step)}`;
    }
    return undefined;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function runStep(
  options: SmokeOptions,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<Step> {
  const [command, ...prefix] = options.zot;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), options.timeoutMs ?? 120_000);
  try {
    const result = await new Deno.Command(command, {
      args: [...prefix, ...args],
      cwd,
      env: { ...options.env, ...env, NO_COLOR: "1" },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      signal: abort.signal,
    }).output();
    const decoder = new TextDecoder();
    return {
      code: abort.signal.aborted ? -1 : result.code,
      out: decoder.decode(result.stdout),
      err: decoder.decode(result.stderr),
    };
  } catch (err) {
    if (abort.signal.aborted) return { code: -1, out: "", err: "" };
    return { code: -1, out: "", err: `cannot start: ${err instanceof Error ? err.message : err}` };
  } finally {
    clearTimeout(timer);
  }
}

function describeStep(step: Step): string {
  const said = (step.out.trim() || step.err.trim()).split("\n").slice(0, 3).join(" | ");
  const status = step.code === -1 ? "did not finish" : `exited with code ${step.code}`;
  return said ? `${status} and printed "${said.slice(0, 300)}"` : `${status} and printed nothing`;
}
