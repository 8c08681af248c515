/** How a failed command ends: one line on stderr naming the problem, and an exit code. */

import { CancelledError, ZotError } from "../errors/mod.ts";
import { type Output, paint } from "./output.ts";

/** Prints `err` for the user and returns the exit code (0 when stdout's reader went away). */
export function reportFailure(err: unknown, output: Output, debug: boolean): number {
  // The reader of stdout went away and the run was cut short for it: end quietly, as
  // `zot … | head -1` is meant to.
  if (output.closed?.aborted && err instanceof CancelledError) return 0;
  if (err instanceof ZotError) {
    output.err(paint(output, "red", `zot: ${err.message}`) + "\n");
    if (debug) printCauses(err, output);
    return err.exitCode;
  }
  const message = err instanceof Error ? err.message : String(err);
  output.err(paint(output, "red", `zot: internal error: ${message}`) + "\n");
  output.err("this is a bug in zot; rerun with --debug and report the output\n");
  if (debug && err instanceof Error && err.stack) output.err(err.stack + "\n");
  return 70;
}

function printCauses(err: Error, output: Output): void {
  if (err.stack) output.err(err.stack + "\n");
  let cause = err.cause;
  while (cause !== undefined) {
    output.err(`caused by: ${cause instanceof Error ? cause.stack ?? cause.message : cause}\n`);
    cause = cause instanceof Error ? cause.cause : undefined;
  }
}
