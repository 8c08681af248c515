/**
 * The autocomplete popup shown while the editor holds `/word`: built-ins first, then
 * extension commands under a divider, sorted by name, each with its description.
 */

import { commandsFor } from "../commands/mod.ts";
import type { CommandInfo } from "./controller.ts";
import { ellipsize, padTo, visibleWidth } from "./layout.ts";
import { sanitizeLine } from "./sanitize.ts";
import type { Theme } from "./theme.ts";
import { byCodeUnit } from "../text/mod.ts";

/** One selectable row. */
export interface PopupItem {
  name: string;
  description: string;
  extension?: string;
}

const MAX_ROWS = 10;

/** Builds the popup's items: built-ins, then extension commands (no duplicates of built-ins). */
export function popupItems(extensions: readonly CommandInfo[]): PopupItem[] {
  const builtins: PopupItem[] = commandsFor("interactive").map((c) => ({
    name: c.name,
    description: c.description,
  }));
  const taken = new Set(builtins.map((b) => b.name));
  const ext: PopupItem[] = [];
  for (const c of [...extensions].sort((a, b) => byCodeUnit(a.name, b.name))) {
    const name = sanitizeLine(c.name);
    if (taken.has(name)) continue;
    taken.add(name);
    ext.push({
      name,
      description: sanitizeLine(c.description ?? ""),
      extension: sanitizeLine(c.extension),
    });
  }
  return [...builtins, ...ext];
}

/** The popup's state and renderer. */
export class SlashPopup {
  #items: PopupItem[] = [];
  #filtered: PopupItem[] = [];
  #selected = 0;
  #theme: Theme;
  /** Whether the popup shows. */
  visible = false;

  constructor(theme: Theme) {
    this.#theme = theme;
  }

  /** Opens (or refilters) the popup for the typed prefix (without the slash). */
  show(items: PopupItem[], prefix: string): void {
    const previous = this.selected()?.name;
    this.#items = items;
    const p = prefix.toLowerCase();
    this.#filtered = this.#items.filter((i) => i.name.toLowerCase().startsWith(p));
    const keep = this.#filtered.findIndex((i) => i.name === previous);
    this.#selected = keep >= 0 && this.visible ? keep : 0;
    this.visible = true;
  }

  /** Hides the popup. */
  hide(): void {
    this.visible = false;
  }

  /** Moves the selection, wrapping around. */
  move(delta: number): void {
    const n = this.#filtered.length;
    if (n === 0) return;
    this.#selected = (this.#selected + delta + n) % n;
  }

  /** The highlighted item, if any. */
  selected(): PopupItem | undefined {
    return this.visible ? this.#filtered[this.#selected] : undefined;
  }

  /** How many items match. */
  get matches(): number {
    return this.#filtered.length;
  }

  render(width: number): string[] {
    if (!this.visible) return [];
    const t = this.#theme;
    if (this.#filtered.length === 0) return [ellipsize(t.muted("  no matching commands"), width)];
    type Row = { item?: PopupItem; index: number };
    const rows: Row[] = [];
    let dividerDone = false;
    this.#filtered.forEach((item, index) => {
      if (item.extension !== undefined && !dividerDone) {
        rows.push({ index: -1 });
        dividerDone = true;
      }
      rows.push({ item, index });
    });
    const selRow = rows.findIndex((r) => r.index === this.#selected);
    const start = Math.max(0, Math.min(selRow - Math.floor(MAX_ROWS / 2), rows.length - MAX_ROWS));
    const shown = rows.slice(start, start + MAX_ROWS);
    const nameWidth = Math.min(
      24,
      Math.max(...this.#filtered.map((i) => visibleWidth(i.name) + 1)) + 2,
    );
    const lines = shown.map((row) => {
      if (!row.item) {
        const label = " extensions ";
        const rule = "─".repeat(Math.max(0, Math.min(width, 40) - label.length - 4));
        return ellipsize(t.muted(`  ──${label}${rule}`), width);
      }
      const isSel = row.index === this.#selected;
      const name = padTo("/" + row.item.name, nameWidth);
      const desc = row.item.description +
        (row.item.extension ? ` (${row.item.extension})` : "");
      const text = `${isSel ? "› " : "  "}${isSel ? t.selected(name) : name} ${t.muted(desc)}`;
      return ellipsize(text, width);
    });
    if (rows.length > MAX_ROWS) {
      lines.push(t.muted(ellipsize(`  (${this.#selected + 1}/${this.#filtered.length})`, width)));
    }
    return lines;
  }

  invalidate(): void {}
}
