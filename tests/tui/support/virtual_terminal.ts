/**
 * A pi-tui Terminal backed by @xterm/headless, so tests (and the benchmark) see the
 * screen a real terminal would show: cursor movement, wrapping, wide characters.
 */

import xterm from "@xterm/headless";
import { StdinBuffer, type Terminal } from "../../../src/tui/pi_tui.ts";

/** A virtual terminal for driving the TUI in-process. */
export class VirtualTerminal implements Terminal {
  #term: InstanceType<typeof xterm.Terminal>;
  #onInput?: (data: string) => void;
  #onResize?: () => void;
  #pending: Promise<void> = Promise.resolve();
  /** Everything written, for byte counts and escape checks. */
  written = "";
  writes = 0;

  constructor(cols = 80, rows = 24) {
    this.#term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 10000 });
  }

  #buffer?: InstanceType<typeof StdinBuffer>;

  start(onInput: (data: string) => void, onResize: () => void): void {
    this.#onInput = onInput;
    this.#onResize = onResize;
    // Split chunks into key sequences exactly as ProcessTerminal does.
    this.#buffer = new StdinBuffer({ timeout: 10 });
    this.#buffer.on("data", (seq: string) => this.#onInput?.(seq));
    this.#buffer.on("paste", (content: string) => this.#onInput?.(`\x1b[200~${content}\x1b[201~`));
  }
  stop(): void {
    this.#buffer?.destroy();
    this.#buffer = undefined;
    this.#onInput = undefined;
    this.#onResize = undefined;
  }
  drainInput(): Promise<void> {
    return Promise.resolve();
  }
  write(data: string): void {
    this.written += data;
    this.writes++;
    const done = new Promise<void>((resolve) => this.#term.write(data, resolve));
    this.#pending = this.#pending.then(() => done);
  }
  get columns(): number {
    return this.#term.cols;
  }
  get rows(): number {
    return this.#term.rows;
  }
  get kittyProtocolActive(): boolean {
    return false;
  }
  moveBy(lines: number): void {
    if (lines > 0) this.write(`\x1b[${lines}B`);
    else if (lines < 0) this.write(`\x1b[${-lines}A`);
  }
  hideCursor(): void {
    this.write("\x1b[?25l");
  }
  showCursor(): void {
    this.write("\x1b[?25h");
  }
  clearLine(): void {
    this.write("\x1b[K");
  }
  clearFromCursor(): void {
    this.write("\x1b[J");
  }
  clearScreen(): void {
    this.write("\x1b[2J\x1b[H");
  }
  setTitle(_title: string): void {}
  setProgress(_active: boolean): void {}

  /** Types input as the terminal would deliver it. */
  send(data: string): void {
    this.#buffer?.process(data);
  }

  /** Resizes the screen and tells the TUI. */
  resize(cols: number, rows: number): void {
    this.#term.resize(cols, rows);
    this.#onResize?.();
  }

  /** Waits until xterm has processed every write so far. */
  flush(): Promise<void> {
    return this.#pending;
  }

  /** The visible rows, right-trimmed. */
  viewport(): string[] {
    const buf = this.#term.buffer.active;
    const out: string[] = [];
    for (let i = 0; i < this.#term.rows; i++) {
      out.push(buf.getLine(buf.viewportY + i)?.translateToString(true) ?? "");
    }
    return out;
  }

  /** Scrollback plus viewport, right-trimmed. */
  allLines(): string[] {
    const buf = this.#term.buffer.active;
    const out: string[] = [];
    for (let i = 0; i < buf.length; i++) out.push(buf.getLine(i)?.translateToString(true) ?? "");
    return out;
  }

  /** Frees xterm. */
  dispose(): void {
    this.#term.dispose();
  }
}

/** Polls until the viewport contains text (the TUI renders on a short timer). */
export async function waitForScreen(
  vt: VirtualTerminal,
  predicate: (screen: string) => boolean,
  timeoutMs = 3000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await vt.flush();
    const screen = vt.viewport().join("\n");
    if (predicate(screen)) return screen;
    if (Date.now() > deadline) throw new Error(`screen never matched; it shows:\n${screen}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Waits until the viewport contains the text. */
export function waitForText(
  vt: VirtualTerminal,
  text: string,
  timeoutMs?: number,
): Promise<string> {
  return waitForScreen(vt, (s) => s.includes(text), timeoutMs);
}
