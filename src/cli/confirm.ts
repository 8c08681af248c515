/** Yes/no questions on the terminal (or a pipe), with `--yes` for scripts. */

import type { Output } from "./output.ts";

/** Reads one line from stdin; undefined at end of input. */
async function readLine(): Promise<string | undefined> {
  const buffer = new Uint8Array(1);
  const bytes: number[] = [];
  // Byte by byte, so nothing after the answer is consumed from a shared stdin.
  while (true) {
    const n = await Deno.stdin.read(buffer);
    if (n === null) {
      return bytes.length ? new TextDecoder().decode(new Uint8Array(bytes)) : undefined;
    }
    if (buffer[0] === 0x0a) return new TextDecoder().decode(new Uint8Array(bytes));
    bytes.push(buffer[0]);
  }
}

/** Asks a question on stderr; `yes` answers it without asking. End of input means no. */
export async function confirm(output: Output, question: string, yes = false): Promise<boolean> {
  if (yes) return true;
  output.err(`${question} [y/N] `);
  const answer = await readLine();
  if (answer === undefined) output.err("\n");
  return /^\s*y(es)?\s*$/i.test(answer ?? "");
}
