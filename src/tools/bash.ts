/**
 * The `bash` tool: runs a command with `bash -c` (or /bin/sh when bash is missing) in its
 * own process group, merges stdout and stderr, caps what the model sees while saving the
 * complete output, and kills the whole group on timeout or cancel.
 */

import { delimiter, join } from "node:path";
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
  const killGrace = options.killGraceMs ?? 2000;
  const shell = options.shell ?? defaultShell();
  const [exe, ...shellArgs] = context.jail?.locked
    ? await jailedArgv(context.jail, context.cwd, shell)
    : shell;
  const started = performance.now();
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(exe, {
      args: [...shellArgs, args.command],
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

  const capture = new OutputCapture(options.limits ?? DEFAULT_CAPTURE_LIMITS);
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
        if (context.onProgress) {
          const text = decoder.decode(value, { stream: true });
          try {
            if (text) context.onProgress(text);
          } catch {
            // A failing UI callback must not stop draining the pipe (the child would block).
          }
        }
      }
    } catch {
      // cancelled below after SIGKILL: an escaped process still holds the pipe
    }
  };
  const pumps = Promise.all([pump(child.stdout), pump(child.stderr)]);

  let reason: KillReason | undefined;
  let escalated = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const later = (ms: number, fn: () => void) => {
    const id = setTimeout(() => {
      timers.delete(id);
      fn();
    }, ms);
    timers.add(id);
  };
  const signalGroup = (signal: Deno.Signal) => {
    try {
      if (POSIX) Deno.kill(-child.pid, signal);
      else child.kill(signal);
    } catch {
      // the group is already gone
    }
  };
  const terminate = (why: KillReason) => {
    if (reason) return;
    reason = why;
    signalGroup("SIGTERM");
    later(killGrace, () => {
      escalated = true;
      signalGroup("SIGKILL");
      // Something that left the group (setsid) may still hold the pipes; stop reading.
      later(1000, () => readers.forEach((r) => r.cancel().catch(() => {})));
    });
  };
  later(args.timeoutSec * 1000, () => terminate("timeout"));
  const onAbort = () => terminate("cancelled");
  context.signal.addEventListener("abort", onAbort, { once: true });

  let status: Deno.CommandStatus;
  try {
    status = await child.status;
    const drained = await Promise.race([
      pumps.then(() => true),
      new Promise<boolean>((resolve) => later(options.drainGraceMs ?? 250, () => resolve(false))),
    ]);
    if (!drained) terminate("background");
    await pumps;
    // Stragglers that ignored SIGTERM but closed their output get no further grace.
    if (reason && !escalated) signalGroup("SIGKILL");
  } finally {
    context.signal.removeEventListener("abort", onAbort);
    timers.forEach((id) => clearTimeout(id));
    timers.clear();
  }
  const durationMs = performance.now() - started;
  const output = await capture.finish();

  const lines = [
    header + (output.text === "" ? "(no output)" : output.text.replace(/\n$/, "")),
    "",
  ];
  if (args.capped) lines.push(`[timeout capped at ${args.timeoutSec}s]`);
  const killed = escalated
    ? `sent SIGTERM to the process group, then SIGKILL after ${killGrace / 1000}s`
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
