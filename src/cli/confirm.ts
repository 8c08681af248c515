/** Yes/no questions on the terminal (or a pipe), with `--yes` for scripts. */

import type { Output } from "./output.ts";
import { StdinLines } from "./stdin.ts";

/** Asks a question on stderr; `yes` answers it without asking. End of input means no. */
export async function confirm(output: Output, question: string, yes = false): Promise<boolean> {
  if (yes) return true;
  output.err(`${question} [y/N] `);
  const stdin = new StdinLines();
  let answer: string | undefined;
  try {
    answer = await stdin.readLine();
  } finally {
    await stdin.close();
  }
  // A terminal echoes the answer and its newline; a pipe does not, so end the line here.
  if (answer === undefined || !Deno.stdin.isTerminal()) output.err("\n");
  return /^\s*y(es)?\s*$/i.test(answer ?? "");
}
