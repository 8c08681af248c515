/**
 * The conversation as the user sees it. Applies agent events to entries and renders
 * them with a blank line between blocks, re-rendering only entries whose version or
 * the width changed.
 */

import type { AgentEvent } from "../agent/mod.ts";
import type { Message } from "../messages/mod.ts";
import { textOf } from "../messages/mod.ts";
import { AssistantEntry, type Entry, NoteEntry, type NoteKind, UserEntry } from "./entries.ts";
import type { Theme } from "./theme.ts";
import type { ToolView } from "./tool_view.ts";

interface Cached {
  version: number;
  lines: string[];
}

/** The transcript component. */
export class Transcript {
  #theme: Theme;
  #entries: Entry[] = [];
  #current?: AssistantEntry;
  #tools = new Map<string, ToolView>();
  #cache = new WeakMap<Entry, Cached>();
  #cacheWidth = -1;
  #cacheExpanded = false;
  /** Every entry fits its lines to the width itself. */
  readonly fitted = true;
  /** Show every tool result in full (ctrl+o toggles). */
  expanded = false;

  constructor(theme: Theme) {
    this.#theme = theme;
  }

  /** How many blocks the transcript holds. */
  get length(): number {
    return this.#entries.length;
  }

  /** Adds the user's turn. */
  addUser(text: string): void {
    this.#entries.push(new UserEntry(text));
  }

  /** Adds a note (display, notify, info, error). */
  addNote(kind: NoteKind, text: string, level?: string): void {
    this.#entries.push(new NoteEntry(kind, text, level));
  }

  /** Forgets everything shown. */
  clear(): void {
    this.#entries = [];
    this.#current = undefined;
    this.#tools.clear();
  }

  /** Shows the messages of a resumed session. */
  load(messages: readonly Message[]): void {
    for (const m of messages) {
      if (m.role === "user") {
        this.addUser(textOf(m.content));
      } else if (m.role === "assistant") {
        const entry = new AssistantEntry(this.#theme);
        entry.setContent(m.content);
        if (m.error) entry.setError(m.error);
        for (const t of entry.tools()) this.#tools.set(t.id, t);
        this.#entries.push(entry);
      } else {
        for (const r of m.content) {
          this.#tools.get(r.callId)?.setResult(textOf(r.content, "\n"), r.isError);
        }
      }
    }
  }

  #assistant(): AssistantEntry {
    if (!this.#current) {
      this.#current = new AssistantEntry(this.#theme);
      this.#entries.push(this.#current);
    }
    return this.#current;
  }

  /** Applies one agent event; returns whether anything visible changed. */
  apply(event: AgentEvent): boolean {
    switch (event.type) {
      case "assistant_start":
        this.#current = undefined;
        this.#assistant();
        return true;
      case "text_delta":
        this.#assistant().appendText(event.delta);
        return true;
      case "thinking_delta":
        this.#assistant().appendThinking(event.delta);
        return true;
      case "tool_use_start":
        this.#tools.set(event.id, this.#assistant().tool(event.id, event.name));
        return true;
      case "tool_use_args":
        this.#tools.get(event.id)?.appendArgs(event.delta);
        return true;
      case "assistant_message": {
        const entry = this.#assistant();
        entry.setContent(event.message.content);
        if (event.message.error) entry.setError(event.message.error);
        for (const t of entry.tools()) this.#tools.set(t.id, t);
        return true;
      }
      case "tool_call": {
        let tool = this.#tools.get(event.id);
        if (!tool) {
          tool = this.#assistant().tool(event.id, event.name);
          this.#tools.set(event.id, tool);
        }
        tool.setArgs(event.args);
        return true;
      }
      case "tool_progress":
        this.#tools.get(event.id)?.setProgress(event.text);
        return true;
      case "tool_result":
        this.#tools.get(event.id)?.setResult(
          textOf(event.content, "\n"),
          event.isError,
          event.blockedBy,
        );
        return true;
      case "turn_end":
        this.#current = undefined;
        if (event.error && event.stop !== "aborted") this.#error(event.error);
        return true;
      case "error":
        this.#current = undefined;
        this.#error(event.message);
        return true;
      case "done":
        this.#current = undefined;
        if (event.stop === "aborted") this.addNote("warning", "cancelled");
        return true;
      case "compact_done":
        this.addNote("info", `conversation compacted:\n${event.summary}`);
        return true;
      case "ext_display":
        this.addNote("display", `[${event.extension}] ${event.text}`);
        return true;
      default:
        return false;
    }
  }

  // The loop reports a failed turn as turn_end{error} and then error{message}; show it once.
  #error(message: string): void {
    const last = this.#entries.at(-1);
    if (last instanceof NoteEntry && last.kind === "error" && last.text === message) return;
    this.addNote("error", message);
  }

  /** Renders every block, separated by blank lines. */
  render(width: number): string[] {
    if (width !== this.#cacheWidth || this.expanded !== this.#cacheExpanded) {
      this.#cache = new WeakMap();
      this.#cacheWidth = width;
      this.#cacheExpanded = this.expanded;
    }
    const out: string[] = [];
    for (const entry of this.#entries) {
      let cached = this.#cache.get(entry);
      if (!cached || cached.version !== entry.version) {
        cached = { version: entry.version, lines: entry.render(width, this.#theme, this.expanded) };
        this.#cache.set(entry, cached);
      }
      if (cached.lines.length === 0) continue;
      out.push("");
      for (const l of cached.lines) out.push(l);
    }
    return out;
  }

  /** Nothing to invalidate beyond the per-entry caches; pi-tui calls this on theme changes. */
  invalidate(): void {
    this.#cache = new WeakMap();
  }
}
