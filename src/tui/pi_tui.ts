/**
 * The one file that imports pi-tui (differential renderer, editor, markdown, key parsing).
 * Everything else in src/tui goes through these re-exports, so swapping the library
 * touches only this file. See docs/tui.md for why pi-tui was chosen.
 */

export {
  CURSOR_MARKER,
  Editor,
  isKeyRelease,
  Markdown,
  matchesKey,
  parseKey,
  ProcessTerminal,
  SelectList,
  StdinBuffer,
  truncateToWidth,
  TUI,
  visibleWidth,
  wrapTextWithAnsi,
} from "@mariozechner/pi-tui";
export type {
  Component,
  EditorTheme,
  KeyId,
  MarkdownTheme,
  SelectItem,
  SelectListTheme,
  Terminal,
} from "@mariozechner/pi-tui";
