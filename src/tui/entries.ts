/**
 * The blocks the transcript is made of: user turns, assistant turns (thinking, markdown
 * text, tool calls) and notes. Each caches its lines per width, so a long transcript
 * re-renders only what changed.
 */

import { Markdown } from "./pi_tui.ts";
import { fit, wrapWithPrefix } from "./layout.ts";
import { sanitizeText } from "./sanitize.ts";
import type { Theme } from "./theme.ts";
import { ToolView } from "./tool_view.ts";

/** A transcript block. */
export interface Entry {
  /** Bumped on every change; the transcript compares it with what it rendered. */
  readonly version: number;
  render(width: number, theme: Theme, expanded: boolean): string[];
}

/** The user's turn. */
export class UserEntry implements Entry {
  readonly version = 0;
  readonly text: string;
  constructor(text: string) {
    this.text = sanitizeText(text);
  }
  render(width: number, theme: Theme): string[] {
    return wrapWithPrefix(this.text, width, theme.userLabel("❯ "), "  ", theme.user);
  }
}

/** What a note is for: it decides its colour. */
export type NoteKind = "info" | "display" | "error" | "warning" | "success" | "notify";

/** A one-line-or-more note: extension display/notify, help, errors, command reports. */
export class NoteEntry implements Entry {
  readonly version = 0;
  readonly kind: NoteKind;
  readonly text: string;
  readonly level: string;
  constructor(kind: NoteKind, text: string, level = "info") {
    this.kind = kind;
    this.text = sanitizeText(text);
    this.level = level;
  }
  render(width: number, theme: Theme): string[] {
    return noteLines(this.kind, this.text, this.level, width, theme);
  }
}

/** Renders a note; notify notes are coloured by level. */
export function noteLines(
  kind: NoteKind,
  text: string,
  level: string,
  width: number,
  theme: Theme,
): string[] {
  let paint = theme.muted;
  if (kind === "display") paint = theme.note;
  else if (kind === "error") paint = theme.error;
  else if (kind === "warning") paint = theme.warning;
  else if (kind === "success") paint = theme.success;
  else if (kind === "notify") {
    paint = level === "error"
      ? theme.error
      : level === "warn" || level === "warning"
      ? theme.warning
      : level === "success"
      ? theme.success
      : theme.accent;
  }
  const bar = kind === "display" ? theme.note("│ ") : "  ";
  return wrapWithPrefix(text, width, bar, bar, paint);
}

type Part =
  | { kind: "text"; text: string; md: Markdown }
  | { kind: "thinking"; text: string }
  | { kind: "tool"; tool: ToolView };

/** One assistant message, streamed or loaded. */
export class AssistantEntry implements Entry {
  #parts: Part[] = [];
  #theme: Theme;
  #version = 0;
  #cache?: {
    width: number;
    version: number;
    toolVersions: number;
    expanded: boolean;
    lines: string[];
  };
  error?: string;

  constructor(theme: Theme) {
    this.#theme = theme;
  }

  get version(): number {
    return this.#version + this.#toolVersions();
  }

  #toolVersions(): number {
    let v = 0;
    for (const p of this.#parts) if (p.kind === "tool") v += p.tool.version;
    return v;
  }

  /** Appends streamed answer text. */
  appendText(delta: string): void {
    const last = this.#parts.at(-1);
    if (last?.kind === "text") {
      last.text += delta;
      last.md.setText(sanitizeText(last.text));
    } else {
      this.#parts.push(this.#textPart(delta));
    }
    this.#version++;
  }

  /** Appends streamed thinking. */
  appendThinking(delta: string): void {
    const last = this.#parts.at(-1);
    if (last?.kind === "thinking") last.text += delta;
    else this.#parts.push({ kind: "thinking", text: delta });
    this.#version++;
  }

  /** Adds (or returns) the view of a tool call. */
  tool(id: string, name: string): ToolView {
    const found = this.#parts.find((p) => p.kind === "tool" && p.tool.id === id);
    if (found?.kind === "tool") return found.tool;
    const tool = new ToolView(id, name);
    this.#parts.push({ kind: "tool", tool });
    this.#version++;
    return tool;
  }

  /** The tool views of this message, by call id. */
  tools(): ToolView[] {
    return this.#parts.flatMap((p) => p.kind === "tool" ? [p.tool] : []);
  }

  /**
   * Replaces the streamed parts with the final message (it may differ: an extension can
   * rewrite the text), keeping tool views so their results survive.
   */
  setContent(
    content: readonly (
      | { type: "text"; text: string }
      | { type: "thinking"; text: string }
      | { type: "tool_call"; id: string; name: string; args: Record<string, unknown> }
    )[],
  ): void {
    const old = new Map(this.tools().map((t) => [t.id, t]));
    const parts: Part[] = [];
    for (const block of content) {
      if (block.type === "text") {
        if (block.text !== "") parts.push(this.#textPart(block.text));
      } else if (block.type === "thinking") {
        if (block.text !== "") parts.push({ kind: "thinking", text: block.text });
      } else {
        const tool = old.get(block.id) ?? new ToolView(block.id, block.name);
        tool.setArgs(block.args);
        parts.push({ kind: "tool", tool });
      }
    }
    this.#parts = parts;
    this.#version++;
  }

  /** Marks the message as failed. */
  setError(message: string): void {
    this.error = sanitizeText(message);
    this.#version++;
  }

  #textPart(text: string): Part {
    return { kind: "text", text, md: new Markdown(sanitizeText(text), 0, 0, this.#theme.markdown) };
  }

  render(width: number, theme: Theme, expanded: boolean): string[] {
    const c = this.#cache;
    const tv = this.#toolVersions();
    if (
      c && c.width === width && c.version === this.#version && c.toolVersions === tv &&
      c.expanded === expanded
    ) {
      return c.lines;
    }
    const lines: string[] = [];
    for (const part of this.#parts) {
      if (part.kind === "text") {
        for (const l of part.md.render(Math.max(1, width - 2))) lines.push(fit("  " + l, width));
      } else if (part.kind === "thinking") {
        const text = sanitizeText(part.text).trim();
        if (text) lines.push(...wrapWithPrefix(text, width, "  ", "  ", theme.thinking));
      } else {
        lines.push(...part.tool.render(width, theme, expanded));
      }
    }
    if (this.error) lines.push(...wrapWithPrefix(this.error, width, "  ", "  ", theme.error));
    this.#cache = { width, version: this.#version, toolVersions: tv, expanded, lines };
    return lines;
  }
}
