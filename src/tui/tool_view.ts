/**
 * One tool call in the transcript: a compact header (name and the argument that matters),
 * progress while it runs, and its result, collapsed to a few lines when long.
 */

import { ellipsize, wrapWithPrefix } from "./layout.ts";
import { sanitizeLine, sanitizeText } from "./sanitize.ts";
import type { Theme } from "./theme.ts";

/** How many result lines show before the rest is collapsed. */
export const COLLAPSED_RESULT_LINES = 6;

/** The state of one tool call. */
export type ToolState = "pending" | "running" | "ok" | "error" | "blocked";

// The argument worth showing for well-known tools; others show compact JSON.
const KEY_ARGS = ["command", "path", "file_path", "pattern", "url", "query", "name"];

/** Summarises tool arguments on one line. */
export function summarizeArgs(args: Record<string, unknown>): string {
  for (const key of KEY_ARGS) {
    const v = args[key];
    if (typeof v === "string" && v !== "") return sanitizeLine(v);
  }
  const json = JSON.stringify(args);
  return json === "{}" ? "" : sanitizeLine(json);
}

/** A tool call's view model and renderer. */
export class ToolView {
  readonly id: string;
  name: string;
  state: ToolState = "pending";
  #argsText = "";
  #args?: Record<string, unknown>;
  #progress = "";
  #result = "";
  #note = "";
  /** Bumped on every change so the transcript knows to re-render. */
  version = 0;

  constructor(id: string, name: string) {
    this.id = id;
    this.name = sanitizeLine(name);
  }

  /** Streaming argument JSON from the model. */
  appendArgs(delta: string): void {
    this.#argsText += delta;
    this.version++;
  }

  /** The parsed arguments once the call is final. */
  setArgs(args: Record<string, unknown>): void {
    this.#args = args;
    this.state = this.state === "pending" ? "running" : this.state;
    this.version++;
  }

  /** A progress line from the tool. */
  setProgress(text: string): void {
    this.#progress = sanitizeLine(text);
    this.version++;
  }

  /** The tool's result. */
  setResult(text: string, isError: boolean, blockedBy?: string): void {
    this.#result = sanitizeText(text).replace(/\n+$/, "");
    this.state = blockedBy ? "blocked" : isError ? "error" : "ok";
    this.#note = blockedBy ? `blocked by ${sanitizeLine(blockedBy)}` : "";
    this.#progress = "";
    this.version++;
  }

  /** Renders the call; `expanded` shows the whole result. */
  render(width: number, theme: Theme, expanded: boolean): string[] {
    const icon = this.state === "ok"
      ? theme.toolOk("✓")
      : this.state === "error" || this.state === "blocked"
      ? theme.toolError("✗")
      : theme.muted("…");
    const summary = this.#args ? summarizeArgs(this.#args) : sanitizeLine(this.#argsText);
    const head = `${icon} ${theme.tool(this.name)}${summary ? " " + theme.muted(summary) : ""}`;
    const lines = [ellipsize("  " + head, width)];
    if (this.#note) lines.push(ellipsize("    " + theme.toolError(this.#note), width));
    if (this.#progress) lines.push(ellipsize("    " + theme.muted(this.#progress), width));
    if (this.#result) lines.push(...this.#resultLines(width, theme, expanded));
    return lines;
  }

  /**
   * The result, collapsed to COLLAPSED_RESULT_LINES screen rows: a long line (minified
   * code, one-line JSON) wraps to many rows and counts as what it takes on screen.
   */
  #resultLines(width: number, theme: Theme, expanded: boolean): string[] {
    const all = this.#result.split("\n");
    const paint = this.state === "ok" ? theme.muted : theme.toolError;
    const rows: string[] = [];
    let used = 0;
    let cut = false;
    for (const l of all) {
      if (!expanded && rows.length >= COLLAPSED_RESULT_LINES) break;
      const wrapped = wrapWithPrefix(paint(l), width, "    ", "    ");
      used++;
      const room = COLLAPSED_RESULT_LINES - rows.length;
      if (!expanded && wrapped.length > room) {
        rows.push(...wrapped.slice(0, room));
        cut = true;
        break;
      }
      rows.push(...wrapped);
    }
    const hidden = all.length - used;
    const more = hidden > 0
      ? `… ${hidden} more line${hidden === 1 ? "" : "s"} (ctrl+o)`
      : cut
      ? "… rest of the line hidden (ctrl+o)"
      : "";
    if (more) rows.push(ellipsize(`    ${theme.muted(more)}`, width));
    return rows;
  }
}
