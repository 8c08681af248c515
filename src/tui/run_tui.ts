/** Starting the chat TUI on the process's terminal. */

import { UsageError } from "../errors/mod.ts";
import { ChatApp } from "./chat_app.ts";
import type { TuiController } from "./controller.ts";
import { ProcessTerminal, type Terminal } from "./pi_tui.ts";
import { onTerminalLoss } from "./terminal_loss.ts";

/** Options of runTui. */
export interface RunTuiOptions {
  /** Colour on; pass false under NO_COLOR. */
  color: boolean;
  /** Pre-fills the editor (the positional prompt). */
  initialText?: string;
  /** A terminal other than the process's (tests). */
  terminal?: Terminal;
  /** Whether stdin and stdout are terminals; defaults to asking Deno. */
  isTty?: boolean;
  /** Aborting it (SIGTERM, SIGHUP) restores the terminal at once and exits the TUI. */
  signal?: AbortSignal;
}

/** Whether stdin and stdout are both terminals. */
export function hasTty(): boolean {
  return Deno.stdin.isTerminal() && Deno.stdout.isTerminal();
}

/**
 * Runs the chat TUI until the user exits. Refuses without a terminal, with a hint to
 * use print mode instead. The controller's `close()` is awaited after the terminal is
 * restored.
 */
export async function runTui(controller: TuiController, options: RunTuiOptions): Promise<void> {
  const tty = options.isTty ?? hasTty();
  if (!tty && !options.terminal) {
    throw new UsageError("the interactive TUI needs a terminal on stdin and stdout", {
      hint: 'use zot -p "your prompt" (or --json) when piping or scripting',
    });
  }
  const app = new ChatApp(controller, {
    terminal: options.terminal ?? new ProcessTerminal(),
    color: options.color,
    home: Deno.env.get("HOME"),
    initialText: options.initialText,
  });
  const onAbort = () => app.terminate();
  if (options.signal?.aborted) return;
  if (!options.terminal) onTerminalLoss(onAbort);
  options.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    await app.run();
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
  }
}
