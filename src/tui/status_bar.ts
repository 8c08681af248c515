/**
 * The bottom line: cwd, provider/model, context used, session cost, and a spinner while
 * the agent works; above it a one-line status message (red for errors).
 */

import type { StatusInfo } from "./controller.ts";
import { ellipsize, visibleWidth } from "./layout.ts";
import { sanitizeLine } from "./sanitize.ts";
import type { Theme } from "./theme.ts";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/** Shortens a path under the home directory to `~/…`. */
export function shortPath(path: string, home: string | undefined): string {
  if (home && (path === home || path.startsWith(home + "/"))) return "~" + path.slice(home.length);
  return path;
}

/** Formats a token count compactly (12.3k). */
export function formatTokens(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n);
}

/** The status bar's state and renderer. */
export class StatusBar {
  #theme: Theme;
  #home: string | undefined;
  info: StatusInfo;
  /** Tokens in the context window after the last model call. */
  contextTokens = 0;
  costUsd = 0;
  busy = false;
  /** What the spinner says, e.g. "working" or "running bash". */
  activity = "working";
  #frame = 0;
  #message?: { text: string; kind: "info" | "error" | "warning" };
  /** Extensions that are down (quarantined or restarting), shown until they recover. */
  #down = new Map<string, string>();

  constructor(theme: Theme, info: StatusInfo, home: string | undefined) {
    this.#theme = theme;
    this.#home = home;
    this.info = info;
    this.contextTokens = info.contextTokens ?? 0;
    this.costUsd = info.costUsd ?? 0;
  }

  /** Advances the spinner one frame. */
  tick(): void {
    this.#frame = (this.#frame + 1) % FRAMES.length;
  }

  /** Shows a status message until replaced or cleared. */
  setMessage(text: string, kind: "info" | "error" | "warning" = "info"): void {
    this.#message = { text: sanitizeLine(text), kind };
  }

  /** Records an extension's state; quarantined and restarting ones show on the line. */
  setExtensionState(extension: string, state: string): void {
    if (state === "quarantined" || state === "restarting") this.#down.set(extension, state);
    else this.#down.delete(extension);
  }

  /** Clears the status message. */
  clearMessage(): void {
    this.#message = undefined;
  }

  /** The current status message text, if any. */
  get message(): string | undefined {
    return this.#message?.text;
  }

  /** The context-used percentage, when the window is known. */
  contextPercent(): number | undefined {
    const win = this.info.contextWindow;
    if (!win || win <= 0) return undefined;
    return Math.min(100, Math.round((this.contextTokens / win) * 100));
  }

  render(width: number): string[] {
    const t = this.#theme;
    const lines: string[] = [];
    if (this.#message) {
      const m = this.#message;
      const paint = m.kind === "error" ? t.error : m.kind === "warning" ? t.warning : t.muted;
      lines.push(ellipsize(paint(m.text), width));
    }
    const pct = this.contextPercent();
    const ctx = pct === undefined ? `ctx ${formatTokens(this.contextTokens)}` : `ctx ${pct}%`;
    const right = [
      `${sanitizeLine(this.info.provider)}/${sanitizeLine(this.info.model)}`,
      ctx,
      `$${this.costUsd.toFixed(this.costUsd >= 1 ? 2 : 4)}`,
    ].join(" · ");
    const spin = this.busy ? `${t.accent(FRAMES[this.#frame])} ${t.muted(this.activity)}  ` : "";
    const down = [...this.#down].map(([name, state]) => `ext ${sanitizeLine(name)} ${state}`);
    const alert = down.length ? t.warning(down.join(", ")) + "  " : "";
    const cwd = shortPath(sanitizeLine(this.info.cwd), this.#home);
    const rightWidth = visibleWidth(right);
    const leftRoom = Math.max(0, width - rightWidth - 2 - visibleWidth(spin) - visibleWidth(alert));
    const left = spin + alert + t.muted(ellipsize(cwd, leftRoom));
    const gap = Math.max(1, width - visibleWidth(left) - rightWidth);
    lines.push(ellipsize(left + " ".repeat(gap) + t.muted(right), width));
    return lines;
  }

  invalidate(): void {}
}
