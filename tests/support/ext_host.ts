/** Helpers for extension host tests: fixture specs, a temp ZOT_HOME, process checks. */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ZotPaths } from "../../src/config/mod.ts";
import {
  ExtensionHost,
  type HostCallbacks,
  type HostContext,
  type HostOptions,
  type LaunchSpec,
} from "../../src/extensions/mod.ts";

/** Folder of the fixture extensions. */
export const FIXTURES = fileURLToPath(new URL("../fixtures/extensions/", import.meta.url));

/** Spec for the programmable Python fixture, with its script. */
export function pySpec(name: string, script: Record<string, unknown> = {}): LaunchSpec {
  return {
    name,
    dir: join(FIXTURES, "scripted-py"),
    command: "python3",
    args: ["scripted.py"],
    env: { ZOT_FIXTURE: JSON.stringify(script), FIXTURE_NAME: name },
    source: "project",
  };
}

/** Spec for the Deno TypeScript fixture. */
export function denoSpec(name = "deno-tools", env: Record<string, string> = {}): LaunchSpec {
  return {
    name,
    dir: join(FIXTURES, "deno-tools"),
    command: Deno.execPath(),
    args: ["run", "--no-prompt", "--allow-env", "main.ts"],
    env: { FIXTURE_NAME: name, ...env },
    source: "global",
    version: "2.0.0",
  };
}

/** Spec for one of the shell fixtures (`sh-guard/guard.sh` …), run by /bin/sh. */
export function shSpec(
  name: string,
  fixture: "sh-guard" | "sh-stubborn" | "sh-faults",
  env: Record<string, string> = {},
): LaunchSpec {
  const script = { "sh-guard": "guard.sh", "sh-stubborn": "stubborn.sh", "sh-faults": "faults.sh" };
  return {
    name,
    dir: join(FIXTURES, fixture),
    command: "/bin/sh",
    args: [script[fixture]],
    env,
    source: "global",
  };
}

/** A temporary ZOT_HOME and a host context pointing at it. */
export class TempHome implements AsyncDisposable {
  readonly dir: string;
  readonly paths: ZotPaths;

  private constructor(dir: string) {
    this.dir = dir;
    this.paths = new ZotPaths(dir);
  }

  /** Creates a fresh temporary ZOT_HOME. */
  static async create(): Promise<TempHome> {
    return new TempHome(await Deno.makeTempDir({ prefix: "zot-ext-test-" }));
  }

  /** A host context for this home. */
  context(overrides: Partial<HostContext> = {}): HostContext {
    return { paths: this.paths, cwd: this.dir, provider: "anthropic", model: "m-1", ...overrides };
  }

  /** The text of an extension's log file ("" when missing). */
  async log(name: string): Promise<string> {
    try {
      return await Deno.readTextFile(join(this.paths.logs, `ext-${name}.log`));
    } catch {
      return "";
    }
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await Deno.remove(this.dir, { recursive: true });
  }
}

/** Fast timings for tests, so fault paths do not wait for production timeouts. */
export const FAST: Partial<HostOptions> = {
  helloTimeoutMs: 3_000,
  startupDeadlineMs: 4_000,
  shutdownGraceMs: 1_000,
  killGraceMs: 300,
};

/** Starts a host that is shut down when the returned object is disposed. */
export async function startHost(
  home: TempHome,
  specs: LaunchSpec[],
  options: Partial<HostOptions> = {},
  callbacks: HostCallbacks = {},
): Promise<ExtensionHost & AsyncDisposable> {
  const host = await ExtensionHost.start(specs, home.context(), { ...FAST, ...options }, callbacks);
  return Object.assign(host, { [Symbol.asyncDispose]: () => host.shutdown() });
}

/** A promise with its resolver, for awaiting a callback. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Whether a pid is gone: no process, or only a zombie waiting for init to reap it. */
export function processGone(pid: number): boolean {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    const state = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
    return state === "Z" || state === "X";
  } catch {
    return true;
  }
}

/**
 * Waits (up to timeoutMs) for pids to be gone. Only for signals sent by a process that
 * has already exited (nothing left to await): SIGKILL takes effect when the victim is
 * next scheduled, which on a loaded machine is a moment after kill() returns.
 */
export async function waitGone(pids: number[], timeoutMs = 5_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (!pids.every(processGone)) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

/** Reads a file's lines as JSON ("" lines skipped). */
export async function readJsonLines(path: string): Promise<Record<string, unknown>[]> {
  const text = await Deno.readTextFile(path);
  return text.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
}
