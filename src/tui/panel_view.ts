/**
 * An extension-owned panel, drawn inline as a framed block: title (or the extension's
 * name) in the top border, the extension's lines, an optional muted footer. Every string
 * comes from the extension, so all of it is sanitised.
 */

import type { PanelSpec } from "../protocol/mod.ts";
import { padTo, visibleWidth } from "./layout.ts";
import { sanitizeLine } from "./sanitize.ts";
import type { Theme } from "./theme.ts";

/** The panel's state. */
export class PanelView {
  readonly extension: string;
  readonly id: string;
  title?: string;
  lines: string[];
  footer?: string;
  #theme: Theme;
  /** Rows available for lines; the panel clips to it. */
  maxLines = 20;

  constructor(extension: string, spec: PanelSpec, theme: Theme) {
    this.extension = extension;
    this.id = spec.id;
    this.title = spec.title;
    this.lines = spec.lines;
    this.footer = spec.footer;
    this.#theme = theme;
  }

  /** Applies a `panel_render` update; absent fields keep their value. */
  update(u: { title?: string; lines?: string[]; footer?: string }): void {
    if (u.title !== undefined) this.title = u.title;
    if (u.lines !== undefined) this.lines = u.lines;
    if (u.footer !== undefined) this.footer = u.footer;
  }

  /** The drawable size inside the frame for a terminal width. */
  innerSize(width: number): { width: number; height: number } {
    return { width: Math.max(1, width - 4), height: this.maxLines };
  }

  render(width: number): string[] {
    const t = this.#theme;
    const inner = Math.max(1, width - 4);
    const title = ` ${sanitizeLine(this.title || this.extension)} `;
    const titleCut = visibleWidth(title) > inner ? padTo(title, inner) : title;
    const top = t.border("╭─") + t.bold(titleCut) +
      t.border("─".repeat(Math.max(0, width - 3 - visibleWidth(titleCut))) + "╮");
    const out = [top];
    const body = this.lines.slice(0, this.maxLines).map(sanitizeLine);
    if (this.lines.length > this.maxLines) {
      body[body.length - 1] = `… ${this.lines.length - this.maxLines + 1} more lines`;
    }
    for (const l of body) out.push(t.border("│ ") + padTo(l, inner) + t.border(" │"));
    if (this.footer) {
      out.push(t.border("│ ") + t.muted(padTo(sanitizeLine(this.footer), inner)) + t.border(" │"));
    }
    out.push(t.border("╰" + "─".repeat(Math.max(0, width - 2)) + "╯"));
    return out;
  }

  invalidate(): void {}
}
