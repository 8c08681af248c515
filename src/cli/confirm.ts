/** Yes/no questions on the terminal (or a pipe), with `--yes` for scripts. */

import { CancelledError } from "../errors/mod.ts";
import { onInterrupt } from "./interrupts.ts";
import type { Output } from "./output.ts";

/**
 * Asks a question on stderr; `yes` answers it without asking. End of input means no.
 * Ctrl-C, SIGTERM or SIGHUP while it waits (or `signal` aborting) cancel it with a
 * CancelledError (exit 130): a pending terminal read must never swallow a signal.
 */
export async function confirm(
  output: Output,
  question: string,
  yes = false,
  signal?: AbortSignal,
): Promise<boolean> {
  if (yes) return true;
  output.err(`${question} [y/N] `);
  const answer = await readAnswer(signal);
  // A terminal echoes the answer and its newline; a pipe does not, so end the line here.
  if (answer === undefined || !Deno.stdin.isTerminal()) output.err("\n");
  return /^\s*y(es)?\s*$/i.test(answer ?? "");
}

/** Reads one line from stdin, or rejects with CancelledError on a signal. */
export async function readAnswer(signal?: AbortSignal): Promise<string | undefined> {
  if (signal?.aborted) throw new CancelledError("cancelled at the prompt");
  let cancel!: (err: Error) => void;
  const cancelled = new Promise<never>((_, reject) => cancel = reject);
  const onSignal = () => cancel(new CancelledError("cancelled at the prompt"));
  const stopListening = onInterrupt(onSignal);
  signal?.addEventListener("abort", onSignal, { once: true });
  try {
    // A read still pending when a signal cancels may never end; main.ts exits past it.
    return await Promise.race([readLine(), cancelled]);
  } finally {
    signal?.removeEventListener("abort", onSignal);
    stopListening();
  }
}

/**
 * One line straight from stdin's file, not through `Deno.stdin.readable`: releasing that
 * stream closes stdin, and the TUI that starts after a question still needs it. A byte at a
 * time, so what follows the line (the next answer in a pipe) stays unread for its question.
 */
async function readLine(): Promise<string | undefined> {
  const decoder = new TextDecoder();
  const byte = new Uint8Array(1);
  let text = "";
  while (true) {
    const n = await Deno.stdin.read(byte);
    if (n === null) return text === "" ? undefined : text;
    if (byte[0] === 0x0a) return text.replace(/\r$/, "");
    text += decoder.decode(byte, { stream: true });
  }
}
