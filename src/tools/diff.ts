/**
 * The compact unified diff edit reports: hunks around each replacement only (the rest of
 * the file is never diffed), LCS inside a hunk, 3 lines of context, `@@ -a,b +c,d @@`.
 */

/** A replacement of old[start, end) by text; a list of them is sorted and non-overlapping. */
export interface Replacement {
  start: number;
  end: number;
  text: string;
}

/** A rendered diff and its line counts. */
export interface DiffResult {
  newText: string;
  diff: string;
  added: number;
  removed: number;
}

interface Region {
  oldStart: number;
  newStart: number;
  oldLines: string[];
  newLines: string[];
}

interface Op {
  kind: " " | "-" | "+";
  text: string;
}

const DP_CELL_LIMIT = 4_000_000;

/** Where one replacement sits: [os, oe) in the old text, [ns, ne) in the new. */
interface Span {
  os: number;
  oe: number;
  ns: number;
  ne: number;
}

/** Applies sorted, non-overlapping replacements and renders the diff between old and new. */
export function diffReplacements(
  old: string,
  replacements: Replacement[],
  context = 3,
): DiffResult {
  const { newText, spans } = applyReplacements(old, replacements);
  const regions = changedRegions(old, newText, spans);
  return { newText, ...renderHunks(regions, splitLines(old), context) };
}

function applyReplacements(
  old: string,
  replacements: Replacement[],
): { newText: string; spans: Span[] } {
  const spans: Span[] = [];
  let newText = "";
  let at = 0;
  for (const r of replacements) {
    newText += old.slice(at, r.start);
    const ns = newText.length;
    newText += r.text;
    spans.push({ os: r.start, oe: r.end, ns, ne: newText.length });
    at = r.end;
  }
  newText += old.slice(at);
  return { newText, spans };
}

/** The changed regions as whole lines, spans sharing a line merged into one. */
function changedRegions(old: string, newText: string, spans: Span[]): Region[] {
  const regions: Region[] = [];
  let current: Span | undefined;
  const flush = () => {
    if (!current) return;
    regions.push({
      oldStart: lineOf(old, current.os),
      newStart: lineOf(newText, current.ns),
      oldLines: splitLines(old.slice(current.os, current.oe)),
      newLines: splitLines(newText.slice(current.ns, current.ne)),
    });
  };
  for (const span of spans) {
    if (current && span.os < current.oe) {
      current.oe = span.oe;
      current.ne = span.ne;
    } else {
      flush();
      const os = span.os === 0 ? 0 : old.lastIndexOf("\n", span.os - 1) + 1;
      current = { os, oe: span.oe, ns: span.ns - (span.os - os), ne: span.ne };
    }
    extendToLineEnd(old, newText, current);
  }
  flush();
  return regions;
}

/** Unified hunks: regions closer than 2×context lines share a hunk. */
function renderHunks(
  regions: Region[],
  oldAll: string[],
  context: number,
): { diff: string; added: number; removed: number } {
  const hunks: string[] = [];
  let added = 0;
  let removed = 0;
  let i = 0;
  while (i < regions.length) {
    let j = i;
    while (
      j + 1 < regions.length &&
      regions[j + 1].oldStart - (regions[j].oldStart + regions[j].oldLines.length) <= 2 * context
    ) j++;
    const ops: Op[] = [];
    const first = regions[i];
    const before = Math.min(context, first.oldStart - 1);
    for (let k = first.oldStart - before; k < first.oldStart; k++) {
      ops.push({ kind: " ", text: oldAll[k - 1] });
    }
    for (let k = i; k <= j; k++) {
      const region = regions[k];
      for (const op of lineDiff(region.oldLines, region.newLines)) {
        if (op.kind === "+") added++;
        if (op.kind === "-") removed++;
        ops.push(op);
      }
      const end = region.oldStart + region.oldLines.length;
      const stop = k < j ? regions[k + 1].oldStart : Math.min(end + context, oldAll.length + 1);
      for (let line = end; line < stop; line++) ops.push({ kind: " ", text: oldAll[line - 1] });
    }
    hunks.push(hunkHeader(ops, first, before) + ops.map((op) => op.kind + op.text).join("\n"));
    i = j + 1;
  }
  return { diff: hunks.join("\n"), added, removed };
}

function hunkHeader(ops: Op[], first: Region, before: number): string {
  const oldLen = ops.filter((op) => op.kind !== "+").length;
  const newLen = ops.filter((op) => op.kind !== "-").length;
  const oldFrom = first.oldStart - before;
  const newFrom = first.newStart - before;
  return `@@ -${oldLen === 0 ? oldFrom - 1 : oldFrom},${oldLen} +${
    newLen === 0 ? newFrom - 1 : newFrom
  },${newLen} @@\n`;
}

/** Grows a span's end until it ends on a line boundary in both texts. */
function extendToLineEnd(
  old: string,
  next: string,
  span: { oe: number; ne: number },
): void {
  while (!atBoundary(old, span.oe) || !atBoundary(next, span.ne)) {
    const nl = old.indexOf("\n", span.oe);
    const step = (nl === -1 ? old.length : nl + 1) - span.oe;
    if (step === 0) break;
    span.oe += step;
    span.ne += step;
  }
}

function atBoundary(text: string, index: number): boolean {
  return index === 0 || index >= text.length || text[index - 1] === "\n";
}

/** 1-based line number of the line containing index. */
function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < index; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

function splitLines(text: string): string[] {
  if (text === "") return [];
  return (text.endsWith("\n") ? text.slice(0, -1) : text).split("\n");
}

/** Line-level LCS diff; falls back to delete-all/insert-all when the block is huge. */
export function lineDiff(a: string[], b: string[]): Op[] {
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < a.length - prefix && suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  ) suffix++;
  const head: Op[] = a.slice(0, prefix).map((text) => ({ kind: " ", text }));
  const tail: Op[] = a.slice(a.length - suffix).map((text) => ({ kind: " ", text }));
  const x = a.slice(prefix, a.length - suffix);
  const y = b.slice(prefix, b.length - suffix);
  let middle: Op[];
  if (x.length * y.length > DP_CELL_LIMIT) {
    middle = [
      ...x.map((text): Op => ({ kind: "-", text })),
      ...y.map((text): Op => ({ kind: "+", text })),
    ];
  } else {
    middle = lcs(x, y);
  }
  return [...head, ...middle, ...tail];
}

function lcs(x: string[], y: string[]): Op[] {
  const n = x.length;
  const m = y.length;
  const table = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * (m + 1) + j] = x[i] === y[j]
        ? table[(i + 1) * (m + 1) + j + 1] + 1
        : Math.max(table[(i + 1) * (m + 1) + j], table[i * (m + 1) + j + 1]);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (x[i] === y[j]) {
      ops.push({ kind: " ", text: x[i] });
      i++;
      j++;
    } else if (table[(i + 1) * (m + 1) + j] >= table[i * (m + 1) + j + 1]) {
      ops.push({ kind: "-", text: x[i++] });
    } else {
      ops.push({ kind: "+", text: y[j++] });
    }
  }
  while (i < n) ops.push({ kind: "-", text: x[i++] });
  while (j < m) ops.push({ kind: "+", text: y[j++] });
  return ops;
}
