/** Line layout helpers shared by the components: wrapping with a hanging indent, fitting. */

import { truncateToWidth, visibleWidth, wrapTextWithAnsi } from "./pi_tui.ts";

/**
 * Wraps text to width, the first line after `first`, later lines after `rest`
 * (both already styled; their visible widths are measured). `paint` styles each source
 * line, so a style never has to survive a line break.
 */
export function wrapWithPrefix(
  text: string,
  width: number,
  first: string,
  rest: string,
  paint: (line: string) => string = (l) => l,
): string[] {
  const indent = Math.max(visibleWidth(first), visibleWidth(rest));
  const inner = Math.max(1, width - indent);
  const out: string[] = [];
  for (const line of text.split("\n")) {
    const wrapped = line === "" ? [""] : wrapTextWithAnsi(paint(line), inner);
    for (const w of wrapped) out.push((out.length === 0 ? first : rest) + w);
  }
  if (out.length === 0) out.push(first);
  return out.map((l) => fit(l, width));
}

/** Cuts a line to at most width columns (wide characters counted as two). */
export function fit(line: string, width: number): string {
  if (width <= 0) return "";
  return visibleWidth(line) <= width ? line : truncateToWidth(line, width, "");
}

/** Cuts a line to width with an ellipsis when it is too long. */
export function ellipsize(line: string, width: number): string {
  if (width <= 0) return "";
  return visibleWidth(line) <= width ? line : truncateToWidth(line, width, "…");
}

/** Pads a line with spaces to exactly width columns (cutting it when longer). */
export function padTo(line: string, width: number): string {
  const cut = fit(line, width);
  return cut + " ".repeat(Math.max(0, width - visibleWidth(cut)));
}

export { visibleWidth };
