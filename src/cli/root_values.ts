/**
 * How the root command turns option values into typed ones. Shared by commander's program
 * and the quick parser (quick_parse.ts), so both read `--max-steps 3` the same way.
 */

import { UsageError } from "../errors/mod.ts";

/** Appends a repeatable option's value to the list so far. */
export function collect(value: string, previous: string[] | boolean = []): string[] {
  // `--no-ext` shares the `ext` key and leaves `false` behind; a later `--ext` starts a list.
  return [...(Array.isArray(previous) ? previous : []), value];
}

/** `--max-steps`: a positive whole number, or a UsageError naming the flag. */
export function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) {
    throw new UsageError(`--max-steps needs a positive whole number, got "${value}"`);
  }
  return n;
}
