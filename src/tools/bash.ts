/**
 * The `bash` tool: runs a command with `bash -c` (or /bin/sh when bash is missing) in its
 * own process group, merges stdout and stderr, caps what the model sees while saving the
 * complete output, and kills the whole group on timeout or cancel.
 */

import { delimiter, join } from "../paths/mod.ts";
import { defineTool, fail } from "./args.ts";
import { jailedArgv } from "./jail.ts";
import { type CaptureLimits, DEFAULT_CAPTURE_LIMITS, OutputCapture } from "./output_capture.ts";
import type { Tool, ToolContext, ToolOutput } from "./types.ts";

/** Knobs for the bash tool; the defaults suit interactive use. */
export interface BashOptions {
  /** Timeout when the model gives none, in seconds (default 120). */
  defaultTimeoutSec?: number;
  /** Largest timeout the model may ask for, in seconds (default 600). */
  maxTimeoutSec?: number;
  /** Between SIGTERM and SIGKILL, in milliseconds (default 2000). */
  killGraceMs?: number;
  /** How long output pipes may stay open after the shell exits, in ms (default 250). */
  drainGraceMs?: number;
  /** Shell argv before the command, e.g. ["/bin/bash", "-c"]; found on PATH by default. */
  shell?: string[];
  /** Output caps. */
  limits?: CaptureLimits;
}

interface BashArgs {
  command: string;
  timeoutSec: number;
  capped: boolean;
}

const POSIX = Deno.build.os !== "windows";

/** Builds the bash tool. */
export function bashTool(options: BashOptions = {}): Tool {
  const maxTimeout = options.maxTimeoutSec ?? 600;
  const defaultTimeout = Math.min(options.defaultTimeoutSec ?? 120, maxTimeout);
  return defineTool<BashArgs>({
    spec: {
      name: "bash",
      description: `Run a shell command with bash in the working directory (stdin is empty). ` +
        `stdout and stderr are merged. Output over 2000 lines or 50 KiB is cut to its head and ` +
        `tail and the full output is saved to a log file whose path is shown. The command is ` +
        `killed after timeout seconds (default ${defaultTimeout}, max ${maxTimeout}). ` +
        `Background processes still holding the output when the command exits are stopped; ` +
        `redirect their output (cmd > file 2>&1 &) to keep them running.`,
      schema: {
        type: "object",
        properties: {
          command: { type: "string", description: "The command line to run" },
          timeout: {
            type: "integer",
            minimum: 1,
            description: `Seconds before the command is killed (default ${defaultTimeout})`,
          },
        },
        required: ["command"],
      },
    },
    decode: (args) => {
      const command = args.command as string;
      if (command.trim() === "") fail("bash", "command is empty; pass the command line to run");
      const asked = (args.timeout as number | undefined) ?? defaultTimeout;
      return { command, timeoutSec: Math.min(asked, maxTimeout), capped: asked > maxTimeout };
    },
    run: (args, context) => runCommand(args, context, options),
  });
}

let cachedShell: string[] | undefined;

/** The shell argv prefix: bash when installed, else /bin/sh (cmd on Windows). */
export function defaultShell(): string[] {
  if (cachedShell) return cachedShell;
  if (!POSIX) return cachedShell = ["cmd.exe", "/d", "/s", "/c"];
  const dirs = ["/bin", "/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"];
  dirs.push(...(Deno.env.get("PATH") ?? "").split(delimiter).filter((d) => d !== ""));
  for (const dir of dirs) {
    const candidate = join(dir, "bash");
    try {
      if (Deno.statSync(candidate).isFile) return cachedShell = [candidate, "-c"];
    } catch {
      // not here; keep looking
    }
  }
  return cachedShell = ["/bin/sh", "-c"];
}

type KillReason = "timeout" | "cancelled" | "background";

async function runCommand(
  args: BashArgs,
  context: ToolContext,
  options: BashOptions,
): Promise<ToolOutput> {
  const header = `$ ${args.command}\n\n`;
  if (context.signal.aborted) {
    return {
      content: [{ type: "text", text: `${header}[cancelled before it started]` }],
      isError: true,
      details: { cancelled: true },
    };
  }
  const child = await spawnShell(args.command, context, options);
  const started = performance.now();
  const capture = new OutputCapture(options.limits ?? DEFAULT_CAPTURE_LIMITS);
  const pipes = pumpOutput(child, capture, context.onProgress);
  const killer = new GroupKiller(child, options.killGraceMs ?? 2000, pipes.cancel);
  killer.later(args.timeoutSec * 1000, () => killer.terminate("timeout"));
  const onAbort = () => killer.terminate("cancelled");
  context.signal.addEventListener("abort", onAbort, { once: true });

  let status: Deno.CommandStatus;
  try {
    status = await child.status;
    const drained = await Promise.race([
      pipes.done.then(() => true),
      new Promise<boolean>((resolve) =>
        killer.later(options.drainGraceMs ?? 250, () => resolve(false))
      ),
    ]);
    if (!drained) killer.terminate("background");
    await pipes.done;
    // Stragglers that ignored SIGTERM but closed their output get no further grace.
    if (killer.reason && !killer.escalated) killer.signalGroup("SIGKILL");
  } finally {
    context.signal.removeEventListener("abort", onAbort);
    killer.dispose();
  }
  const durationMs = performance.now() - started;
  return report(header, args, status, await capture.finish(), killer, durationMs);
}

/** Starts the shell (inside the jail when it is locked) in its own process group. */
async function spawnShell(
  command: string,
  context: ToolContext,
  options: BashOptions,
): Promise<Deno.ChildProcess> {
  const shell = options.shell ?? defaultShell();
  const [exe, ...shellArgs] = context.jail?.locked
    ? await jailedArgv(context.jail, context.cwd, shell)
    : shell;
  try {
    return new Deno.Command(exe, {
      args: [...shellArgs, command],
      cwd: context.cwd,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      detached: POSIX,
    }).spawn();
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    fail("bash", `cannot start ${exe} in ${context.cwd}: ${why}`);
  }
}

/** Drains stdout and stderr into `capture`; `cancel` stops reading pipes an escapee holds. */
function pumpOutput(
  child: Deno.ChildProcess,
  capture: OutputCapture,
  onProgress: ToolContext["onProgress"],
): { done: Promise<unknown>; cancel: () => void } {
  const readers: ReadableStreamDefaultReader<Uint8Array>[] = [];
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const reader = stream.getReader();
    readers.push(reader);
    const decoder = new TextDecoder();
    try {
      while (true) {
        const { value, done } = await reader.read();
        if (done) break;
        capture.push(value);
        if (onProgress) {
          const text = decoder.decode(value, { stream: true });
          try {
            if (text) onProgress(text);
          } catch {
            // A failing UI callback must not stop draining the pipe (the child would block).
          }
        }
      }
    } catch {
      // cancelled after SIGKILL: an escaped process still holds the pipe
    }
  };
  return {
    done: Promise.all([pump(child.stdout), pump(child.stderr)]),
    cancel: () => readers.forEach((r) => r.cancel().catch(() => {})),
  };
}

/** SIGTERM, then SIGKILL after a grace, to the child's whole process group; owns the timers. */
class GroupKiller {
  reason: KillReason | undefined;
  escalated = false;
  readonly grace: number;
  #child: Deno.ChildProcess;
  #stopReading: () => void;
  #timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(child: Deno.ChildProcess, grace: number, stopReading: () => void) {
    this.#child = child;
    this.grace = grace;
    this.#stopReading = stopReading;
  }

  /** Runs `fn` after `ms` unless disposed first. */
  later(ms: number, fn: () => void): void {
    const id = setTimeout(() => {
      this.#timers.delete(id);
      fn();
    }, ms);
    this.#timers.add(id);
  }

  /** Sends `signal` to the group (to the child alone on Windows). */
  signalGroup(signal: Deno.Signal): void {
    try {
      if (POSIX) Deno.kill(-this.#child.pid, signal);
      else this.#child.kill(signal);
    } catch {
      // the group is already gone
    }
  }

  /** Stops the group for `why`; only the first reason counts. */
  terminate(why: KillReason): void {
    if (this.reason) return;
    this.reason = why;
    this.signalGroup("SIGTERM");
    this.later(this.grace, () => {
      this.escalated = true;
      this.signalGroup("SIGKILL");
      // Something that left the group (setsid) may still hold the pipes; stop reading.
      this.later(1000, this.#stopReading);
    });
  }

  /** Clears every pending timer. */
  dispose(): void {
    this.#timers.forEach((id) => clearTimeout(id));
    this.#timers.clear();
  }
}

/** What the model sees: the capped output, the verdict, and the details for the UI. */
function report(
  header: string,
  args: BashArgs,
  status: Deno.CommandStatus,
  output: Awaited<ReturnType<OutputCapture["finish"]>>,
  killer: GroupKiller,
  durationMs: number,
): ToolOutput {
  const reason = killer.reason;
  const lines = [
    header + (output.text === "" ? "(no output)" : output.text.replace(/\n$/, "")),
    "",
  ];
  if (args.capped) lines.push(`[timeout capped at ${args.timeoutSec}s]`);
  const killed = killer.escalated
    ? `sent SIGTERM to the process group, then SIGKILL after ${killer.grace / 1000}s`
    : "sent SIGTERM to the process group";
  let verdict: string;
  if (reason === "timeout") verdict = `[timed out after ${args.timeoutSec}s; ${killed}]`;
  else if (reason === "cancelled") verdict = `[cancelled; ${killed}]`;
  else if (status.signal) verdict = `[killed by ${status.signal}]`;
  else verdict = `[exit ${status.code}]`;
  if (reason === "background") {
    lines.push(
      "[background processes still holding the output were stopped after the command exited; " +
        "redirect their output (cmd > file 2>&1 &) to keep them running]",
    );
  }
  if (output.logPath) verdict += ` (full output: ${output.logPath})`;
  lines.push(`${verdict}  took ${(durationMs / 1000).toFixed(1)}s`);

  const timedOut = reason === "timeout";
  const cancelled = reason === "cancelled";
  return {
    content: [{ type: "text", text: lines.join("\n") }],
    isError: timedOut || cancelled || status.signal !== null || status.code !== 0,
    details: {
      exitCode: status.code,
      signal: status.signal,
      timedOut,
      cancelled,
      backgroundKilled: reason === "background",
      fullOutputPath: output.logPath,
      truncated: output.truncated,
      totalBytes: output.totalBytes,
      totalLines: output.totalLines,
      durationMs: Math.round(durationMs),
    },
  };
}
