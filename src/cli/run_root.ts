/**
 * The root action: what `zot [flags] [prompt]` does once flags are parsed. Startup order:
 * ZOT_HOME and cwd → provider (a missing key fails here when the run can only go to the
 * model; a slash command, rpc and the TUI ask for it when something does) →
 * extension discovery and the host (provider/model in hello_ack; loaded only when an
 * extension will run) → tools (built-ins, then
 * extension tools) → session → session_start → the mode. The host is shut down and the
 * session closed on every exit path, including Ctrl-C and SIGTERM.
 */

import { resolve } from "../paths/mod.ts";
import { resolveZotHome, ZotPaths } from "../config/mod.ts";
import { CancelledError, errorMessage, UsageError } from "../errors/mod.ts";
import { hasTty } from "../modes/mod.ts";
import { parseSlash } from "../protocol/mod.ts";
import { loadCatalog } from "../providers/mod.ts";
import { Interrupts } from "./interrupts.ts";
import type { Output } from "./output.ts";
import { modelsTable } from "./provider_choice.ts";
import { type RootFlags, rootFlags } from "./root_options.ts";
import { runMode, type SessionSlot } from "./root_mode.ts";
import { reportRequired } from "./ext_gate.ts";
import {
  checkExtPaths,
  type ExtensionPhase,
  reportExtensionStatus,
  resolveCwd,
  startAgent,
  startExtensions,
  startProvider,
  startSession,
  startTools,
} from "./root_start.ts";
import { StdinLines } from "./stdin.ts";
import { settlesWithin } from "../timing/mod.ts";

/** What the root action receives from commander. */
export interface RootInvocation {
  prompt: string;
  options: Record<string, unknown>;
  output: Output;
}

/** How long an aborted turn may take to finish (the tool runner's grace is 2 s). */
const SETTLE_MS = 3000;

/**
 * A closed stdout (`zot rpc | head -1`, a client that went away) ends the run like SIGTERM:
 * the work is aborted and `ended` rejects with CancelledError, which runCli turns into a
 * quiet exit 0.
 */
function stdoutClosed(
  output: Output,
): { signal: AbortSignal; ended: Promise<never>; dispose(): void } | undefined {
  const signal = output.closed;
  if (!signal) return undefined;
  let onAbort = () => {};
  const ended = new Promise<never>((_, reject) => {
    onAbort = () => reject(new CancelledError("stdout was closed"));
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  ended.catch(() => {});
  return { signal, ended, dispose: () => signal.removeEventListener("abort", onAbort) };
}

/** Runs the selected mode (interactive, print, json, rpc). */
export async function runRoot(invocation: RootInvocation): Promise<void> {
  const { output } = invocation;
  const flags = rootFlags(invocation.options);
  const paths = new ZotPaths(resolve(resolveZotHome()));
  if (flags.listModels) {
    output.out(modelsTable(loadCatalog(paths)));
    return;
  }
  if (flags.mode === "interactive" && !hasTty()) {
    throw new UsageError("the interactive TUI needs a terminal on stdin and stdout", {
      hint: `use zot -p "your prompt" (print), zot --json "your prompt", or zot rpc`,
    });
  }
  if (flags.autoSubmit && flags.mode !== "rpc") {
    throw new UsageError("--auto-submit only applies to zot rpc", {
      hint: "-p and --json already run what extensions submit, after the prompt",
    });
  }
  if (flags.mode === "rpc" && (flags.continue || flags.resume || flags.sessionPath)) {
    throw new UsageError(
      "zot rpc keeps no session, so --continue, --resume and --session do not apply",
      {
        hint: "drop them, or use zot -p / zot --json to continue a session",
      },
    );
  }
  await checkExtPaths(flags.extPaths);
  const stdin = new StdinLines();
  try {
    let prompt = invocation.prompt;
    if (flags.mode !== "rpc" && prompt.trim() === "" && !flags.resume && !Deno.stdin.isTerminal()) {
      prompt = (await stdin.readAll()).trim();
    }
    await startAndRun(flags, prompt, paths, output, stdin);
  } finally {
    if (flags.mode !== "rpc") await stdin.close();
  }
}

/** The start-up sequence, phase by phase; everything started is stopped on every exit path. */
async function startAndRun(
  flags: RootFlags,
  prompt: string,
  paths: ZotPaths,
  output: Output,
  stdin: StdinLines,
): Promise<void> {
  const cwd = await resolveCwd(flags.cwd);
  // Only a plain -p/--json prompt surely goes to the model; a slash command may not.
  const deferKey = flags.mode === "interactive" || flags.mode === "rpc" ||
    parseSlash(prompt) !== undefined;
  const provider = await startProvider(flags, paths, deferKey);
  const { skills, tools } = await startTools(flags, cwd, paths, output);
  const model = { provider: provider.providerName, model: provider.provider.model.id };
  // From here SIGTERM (or a second Ctrl-C) ends the run through the cleanup below, also
  // while extensions start or the session picker waits on the terminal.
  const interrupts = new Interrupts();
  const closed = stdoutClosed(output);
  const session: SessionSlot = { current: undefined };
  let extensions: ExtensionPhase | undefined;
  let offStatus = () => {};
  let endSession: (() => void) | undefined;
  try {
    extensions = await startExtensions(flags, cwd, paths, model, output, interrupts.exit);
    const { host } = extensions;
    reportExtensionStatus(host, output);
    reportRequired(host, extensions.required, output);
    session.current = await Promise.race([
      startSession(flags, paths, { cwd, ...model }, output, stdin),
      interrupts.exit,
    ]);
    const agent = await startAgent(flags, {
      cwd,
      paths,
      provider,
      skills,
      tools,
      host,
      session: session.current,
    }, output);
    // A quarantined extension's tools leave the model's list; a restarted one's come back.
    offStatus = extensions.bus.onStatus((s) => {
      if (s.state === "quarantined" || s.state === "ready") agent.refreshTools();
    });
    agent.emitSessionStart();
    endSession = () => agent.emitSessionEnd("exit");
    await runToEnd(
      { flags, prompt, cwd, paths, output, stdin, provider, extensions, agent, session },
      interrupts,
      closed,
    );
  } finally {
    closed?.dispose();
    offStatus();
    interrupts.dispose();
    endSession?.();
    await session.current?.close().catch((err) =>
      output.err(`zot: closing the session: ${errorMessage(err)}\n`)
    );
    await extensions?.host?.shutdown();
  }
}

type ModeRun = Omit<Parameters<typeof runMode>[0], "signal">;

/**
 * Phase 6: the mode, until it ends, SIGTERM or a second Ctrl-C, or stdout closes; an aborted
 * turn gets a moment to record how it ended before the session closes.
 */
async function runToEnd(
  run: ModeRun,
  interrupts: Interrupts,
  closed: ReturnType<typeof stdoutClosed>,
): Promise<void> {
  const signal = closed ? AbortSignal.any([interrupts.signal, closed.signal]) : interrupts.signal;
  const done = runMode({ ...run, signal });
  try {
    await Promise.race([done, interrupts.exit, ...(closed ? [closed.ended] : [])]);
  } catch (err) {
    // Without waiting long on a tool that ignores its signal.
    await settlesWithin(run.agent.whenIdle(), SETTLE_MS);
    throw err;
  }
}
