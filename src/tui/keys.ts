/** Decoding terminal input into the key names panels receive (the original's names). */

import { parseKey } from "./pi_tui.ts";

/** A key as sent in `panel_key`. */
export interface PanelKey {
  key: string;
  text?: string;
}

const NAMES: Record<string, string> = {
  up: "up",
  down: "down",
  left: "left",
  right: "right",
  enter: "enter",
  return: "enter",
  escape: "esc",
  esc: "esc",
  tab: "tab",
  backspace: "backspace",
  delete: "delete",
  home: "home",
  end: "end",
  pageUp: "pageup",
  pageDown: "pagedown",
  space: "rune",
};

// deno-lint-ignore no-control-regex -- matching bracketed-paste escapes is the point
const PASTE = /^\x1b\[200~([\s\S]*?)(?:\x1b\[201~)?$/;

/**
 * Maps one input chunk to panel keys: named keys, `rune` with its text for printable
 * characters (a paste becomes one rune per character), `unknown` for anything else.
 */
export function panelKeys(data: string): PanelKey[] {
  const paste = PASTE.exec(data);
  if (paste) {
    return [...paste[1]].filter((c) => c >= " " && c !== "\x7f").map((c) => ({
      key: "rune",
      text: c,
    }));
  }
  const id = parseKey(data);
  if (id !== undefined && NAMES[id] !== undefined) {
    return [NAMES[id] === "rune" ? { key: "rune", text: " " } : { key: NAMES[id] }];
  }
  const chars = [...data];
  if (chars.length > 0 && chars.every((c) => c >= " " && c !== "\x7f" && !c.startsWith("\x1b"))) {
    return chars.map((c) => ({ key: "rune", text: c }));
  }
  if (id !== undefined && id.length === 1) return [{ key: "rune", text: id }];
  return [{ key: "unknown" }];
}
