/** Yes/no questions on the terminal (or a pipe), with `--yes` for scripts. */

import { CancelledError } from "../errors/mod.ts";
import type { Output } from "./output.ts";
import { StdinLines } from "./stdin.ts";

const PROMPT_SIGNALS: Deno.Signal[] = Deno.build.os === "windows"
  ? ["SIGINT"]
  : ["SIGINT", "SIGTERM", "SIGHUP"];

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
  const stdin = new StdinLines();
  let cancel!: (err: Error) => void;
  const cancelled = new Promise<never>((_, reject) => cancel = reject);
  const onSignal = () => cancel(new CancelledError("cancelled at the prompt"));
  const listening: Deno.Signal[] = [];
  for (const name of PROMPT_SIGNALS) {
    try {
      Deno.addSignalListener(name, onSignal);
      listening.push(name);
    } catch {
      // Not every platform has every signal.
    }
  }
  signal?.addEventListener("abort", onSignal, { once: true });
  let answered = false;
  try {
    const answer = await Promise.race([stdin.readLine(), cancelled]);
    answered = true;
    return answer;
  } finally {
    signal?.removeEventListener("abort", onSignal);
    for (const name of listening) Deno.removeSignalListener(name, onSignal);
    // A read still pending on a terminal may never end: release it without waiting, and
    // let the CancelledError reach main.ts, which exits.
    if (answered) await stdin.close();
    else void stdin.close();
  }
}
