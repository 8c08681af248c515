/**
 * Editing text with CRLF line endings. Edits are matched on the text with every CRLF
 * turned into LF (models write LF); when writing back, untouched parts are copied from
 * the original bytes, so a file with mixed endings keeps each line's own ending, and the
 * new text takes CRLF when the text it replaces had it (or, for an insertion, when the
 * file mostly does).
 */

import type { Replacement } from "./diff.ts";

/** The LF form of a text and where its CRLFs were, for mapping positions back. */
export interface Normalized {
  /** The text with every `\r\n` as `\n`. */
  text: string;
  /** Positions (in `text`) of the `\n`s that were `\r\n`, ascending. */
  crlfAt: number[];
}

/** Turns every CRLF into LF and records where they were. */
export function normalizeLineEndings(raw: string): Normalized {
  const crlfAt: number[] = [];
  let text = "";
  let from = 0;
  for (let i = raw.indexOf("\r\n"); i >= 0; i = raw.indexOf("\r\n", i + 2)) {
    text += raw.slice(from, i);
    crlfAt.push(text.length);
    text += "\n";
    from = i + 2;
  }
  text += raw.slice(from);
  return { text, crlfAt };
}

function countBelow(sorted: number[], n: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < n) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Applies replacements made on the normalized text to the original text. */
export function applyPreservingEndings(
  raw: string,
  normalized: Normalized,
  replacements: readonly Replacement[],
): string {
  const { crlfAt } = normalized;
  const rawIndex = (n: number) => n + countBelow(crlfAt, n);
  const lines = normalized.text.split("\n").length - 1;
  const mostlyCrlf = lines > 0 && crlfAt.length * 2 > lines;
  let out = "";
  let at = 0;
  for (const r of [...replacements].sort((a, b) => a.start - b.start)) {
    out += raw.slice(rawIndex(at), rawIndex(r.start));
    const newlines = countBelow(crlfAt, r.end) - countBelow(crlfAt, r.start);
    const replacedLines = normalized.text.slice(r.start, r.end).split("\n").length - 1;
    const crlf = replacedLines > 0 ? newlines * 2 >= replacedLines : mostlyCrlf;
    out += crlf ? r.text.replaceAll("\n", "\r\n") : r.text;
    at = r.end;
  }
  return out + raw.slice(rawIndex(at));
}
