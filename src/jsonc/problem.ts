/** What a JSONC parse gives back, and how a syntax error is told; no parser needed. */

/** A path into a JSON document: object keys and array indexes. */
export type JsoncPath = (string | number)[];

/** One syntax error in a JSONC text, 1-based line and column. */
export interface JsoncProblem {
  message: string;
  line: number;
  column: number;
  offset: number;
}

/** The parsed value, or the syntax errors that stop it from being used. */
export type JsoncResult =
  | { ok: true; value: unknown }
  | { ok: false; problems: JsoncProblem[] };

/** Formats the first problem as `<file>:<line>:<col>: <message>`. */
export function describeJsoncProblem(file: string, problem: JsoncProblem): string {
  return `${file}:${problem.line}:${problem.column}: ${problem.message}`;
}
