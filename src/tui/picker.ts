/**
 * A modal list shown above the editor (/model, /sessions): a title, pi-tui's SelectList
 * and a key hint. While open it gets every key; Enter picks, Esc (or Ctrl-C) cancels.
 */

import { ellipsize } from "./layout.ts";
import { type SelectItem, SelectList } from "./pi_tui.ts";
import { sanitizeLine } from "./sanitize.ts";
import type { Theme } from "./theme.ts";

/** One row of a picker: `value` is what is returned, label and description are shown. */
export interface PickerItem {
  value: string;
  label: string;
  description?: string;
}

/** What a picker shows and does. */
export interface PickerSpec {
  title: string;
  items: PickerItem[];
  /** The value highlighted when the picker opens (e.g. the current model). */
  selected?: string;
  /** Widest the label column may grow (SelectList's primary column). */
  labelWidth?: number;
  onPick(value: string): void;
  onCancel(): void;
}

const MAX_VISIBLE = 10;

/** An open picker. */
export class Picker {
  readonly title: string;
  #list: SelectList;
  #theme: Theme;

  constructor(spec: PickerSpec, theme: Theme) {
    this.#theme = theme;
    this.title = sanitizeLine(spec.title);
    // Labels and descriptions may come from files (session prompts) or the catalog.
    const items: SelectItem[] = spec.items.map((i) => ({
      value: i.value,
      label: sanitizeLine(i.label),
      description: i.description === undefined ? undefined : sanitizeLine(i.description),
    }));
    const width = spec.labelWidth ?? 32;
    this.#list = new SelectList(items, MAX_VISIBLE, theme.editor.selectList, {
      minPrimaryColumnWidth: Math.min(width, 12),
      maxPrimaryColumnWidth: width,
    });
    const start = items.findIndex((i) => i.value === spec.selected);
    if (start > 0) this.#list.setSelectedIndex(start);
    this.#list.onSelect = (item) => spec.onPick(item.value);
    this.#list.onCancel = () => spec.onCancel();
  }

  /** The highlighted value. */
  selected(): string | undefined {
    return this.#list.getSelectedItem()?.value;
  }

  /** Handles one key (arrows move, Enter picks, Esc/Ctrl-C cancel). */
  handleInput(data: string): void {
    this.#list.handleInput(data);
  }

  render(width: number): string[] {
    const t = this.#theme;
    return [
      ellipsize(t.bold(this.title), width),
      ...this.#list.render(width).map((l) => ellipsize(l, width)),
      ellipsize(t.muted("  ↑↓ move · enter choose · esc cancel"), width),
    ];
  }
}
