/**
 * The chat TUI: wires the transcript, editor, popup, panel and status bar to a
 * TuiController, and routes keys. Turn, queue and command behaviour lives in
 * ChatFlow (chat_flow.ts); this file owns the screen and the keyboard.
 */

import { ChatFlow } from "./chat_flow.ts";
import type { TuiController } from "./controller.ts";
import { noteLines } from "./entries.ts";
import { panelKeys } from "./keys.ts";
import { ellipsize } from "./layout.ts";
import { Editor, isKeyRelease, matchesKey, type Terminal, TUI } from "./pi_tui.ts";
import { sanitizeLine } from "./sanitize.ts";
import { linesPart, Screen } from "./screen.ts";
import { popupItems, SlashPopup } from "./slash_popup.ts";
import { StatusBar } from "./status_bar.ts";
import { createTheme, type Theme } from "./theme.ts";
import { createHighlighter } from "./highlight.ts";
import { Transcript } from "./transcript.ts";

/** Options of the chat TUI. */
export interface ChatAppOptions {
  terminal: Terminal;
  /** Colour on (false under NO_COLOR). */
  color: boolean;
  /** The home directory, to shorten the cwd to `~/…`. */
  home?: string;
  /** Text to pre-fill the editor with (the positional prompt). */
  initialText?: string;
  /** The clock, for the Ctrl-C double press (tests may pass their own). */
  now?: () => number;
}

const SLASH_PREFIX = /^\/([A-Za-z0-9_-]*)$/;
const EXIT_WINDOW_MS = 2000;

/** The running chat TUI. */
export class ChatApp {
  readonly tui: TUI;
  readonly theme: Theme;
  readonly transcript: Transcript;
  readonly editor: Editor;
  readonly popup: SlashPopup;
  readonly status: StatusBar;
  readonly screen: Screen;
  readonly flow: ChatFlow;
  #controller: TuiController;
  #now: () => number;
  #popupDismissed = false;
  #lastCtrlC = -Infinity;
  #hintTimer?: ReturnType<typeof setTimeout>;
  #unsubscribe?: () => void;
  #exit = Promise.withResolvers<void>();
  #stopped = false;
  #terminalStopped = false;
  #lastPanelSize = "";

  constructor(controller: TuiController, options: ChatAppOptions) {
    this.#controller = controller;
    this.#now = options.now ?? (() => Date.now());
    let theme: Theme | undefined;
    const highlight = createHighlighter(() => theme!);
    this.theme = theme = createTheme(options.color, highlight);
    this.tui = new TUI(options.terminal);
    this.transcript = new Transcript(this.theme);
    this.editor = new Editor(this.tui, this.theme.editor, { paddingX: 1 });
    this.popup = new SlashPopup(this.theme);
    this.status = new StatusBar(this.theme, controller.status(), options.home);
    this.flow = new ChatFlow(controller, this, () => this.requestExit());
    this.screen = new Screen([
      this.transcript,
      linesPart((w) => this.#liveNoteLines(w)),
      linesPart((w) => this.#panelLines(w)),
      linesPart((w) => this.#queueLines(w)),
      linesPart((w) => this.#popupLines(w)),
      this.editor,
      this.status,
    ], (w) => this.#sizeChanged(w));
    this.tui.addChild(this.screen);
    this.tui.setFocus(this.editor);
    this.editor.onSubmit = (text) => this.flow.submitInput(text);
    this.editor.onChange = (text) => this.#textChanged(text);
    this.tui.addInputListener((data) => this.#onInput(data) ? { consume: true } : undefined);
    if (options.initialText) this.editor.setText(options.initialText);
  }

  /** Starts rendering and listening; resolves when the user exits. */
  async run(): Promise<void> {
    this.transcript.load(this.#controller.history());
    const info = this.#controller.status();
    this.transcript.addNote(
      "info",
      "type a message and press enter · / for commands · ctrl+c twice to exit",
    );
    if (!info.hasCredentials) {
      this.transcript.addNote(
        "warning",
        `no API key for ${info.provider}: ${info.credentialHint ?? "set one and restart zot"}`,
      );
    }
    this.#unsubscribe = this.#controller.subscribe((ev) => this.flow.onEvent(ev));
    this.tui.start();
    try {
      await this.#exit.promise;
    } finally {
      await this.#shutdown();
    }
  }

  /** Asks the TUI to exit (as /exit or Ctrl-C twice do). */
  requestExit(): void {
    this.#exit.resolve();
  }

  /**
   * Restores the terminal at once and exits (SIGTERM/SIGHUP: the process may end before
   * the turn has settled, and must not leave the terminal in raw mode).
   */
  terminate(): void {
    this.#stopTerminal();
    this.requestExit();
  }

  #stopTerminal(): void {
    if (this.#terminalStopped) return;
    this.#terminalStopped = true;
    this.tui.stop();
  }

  /** Schedules a render of what changed. */
  render(): void {
    if (!this.#stopped && !this.#terminalStopped) this.tui.requestRender();
  }

  async #shutdown(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    if (this.#hintTimer !== undefined) clearTimeout(this.#hintTimer);
    this.#unsubscribe?.();
    await this.flow.stop();
    this.#stopTerminal();
    await this.#controller.close();
  }

  // ---- keyboard --------------------------------------------------------------

  /** Handles keys before the editor sees them; returns true when consumed. */
  #onInput(data: string): boolean {
    // Kitty-protocol terminals report releases too (pi-tui asks for event types), and
    // matchesKey matches them: one Ctrl-C would count twice and exit. Only presses act;
    // pi-tui drops the release before the editor.
    if (isKeyRelease(data)) return false;
    const panel = this.flow.panel;
    if (panel) {
      if (matchesKey(data, "escape") || matchesKey(data, "ctrl+c")) {
        this.flow.closePanel(true);
      } else {
        for (const k of panelKeys(data)) {
          this.#controller.panelKey(panel.extension, panel.id, k.key, k.text);
        }
      }
      return true;
    }
    const picker = this.flow.picker;
    if (picker) {
      // Esc and Ctrl-C cancel the picker; they neither cancel the turn nor count to exit.
      picker.handleInput(data);
      this.render();
      return true;
    }
    if (matchesKey(data, "ctrl+c")) {
      this.#ctrlC();
      return true;
    }
    if (this.#lastCtrlC > -Infinity) {
      this.#lastCtrlC = -Infinity;
      if (this.status.message?.startsWith("press ctrl+c")) this.status.clearMessage();
    }
    if (matchesKey(data, "ctrl+o")) {
      this.transcript.expanded = !this.transcript.expanded;
      this.render();
      return true;
    }
    if (this.popup.visible) return this.#popupKey(data);
    if (matchesKey(data, "escape")) {
      if (this.flow.busy) this.flow.cancelTurn();
      return true;
    }
    return false;
  }

  #popupKey(data: string): boolean {
    if (matchesKey(data, "escape")) {
      this.popup.hide();
      this.#popupDismissed = true;
      this.render();
      return true;
    }
    if (matchesKey(data, "up") || matchesKey(data, "down")) {
      this.popup.move(matchesKey(data, "up") ? -1 : 1);
      this.render();
      return true;
    }
    const item = this.popup.selected();
    if (item && matchesKey(data, "tab")) {
      this.editor.setText(`/${item.name} `);
      this.popup.hide();
      this.render();
      return true;
    }
    if (item && matchesKey(data, "enter")) {
      const typed = this.editor.getText().trim();
      // Enter on a complete name runs what was typed; on a prefix it runs the selection.
      if (typed !== `/${item.name}`) this.editor.setText(`/${item.name}`);
      this.popup.hide();
      return false;
    }
    return false;
  }

  #ctrlC(): void {
    const now = this.#now();
    if (now - this.#lastCtrlC < EXIT_WINDOW_MS) {
      this.requestExit();
      return;
    }
    this.#lastCtrlC = now;
    if (this.editor.getText() !== "") this.editor.setText("");
    this.status.setMessage("press ctrl+c again to exit", "warning");
    if (this.#hintTimer !== undefined) clearTimeout(this.#hintTimer);
    this.#hintTimer = setTimeout(() => {
      this.#hintTimer = undefined;
      if (this.status.message?.startsWith("press ctrl+c")) this.status.clearMessage();
      this.render();
    }, EXIT_WINDOW_MS);
    this.render();
  }

  #textChanged(text: string): void {
    const m = SLASH_PREFIX.exec(text);
    if (!m) {
      this.#popupDismissed = false;
      if (this.popup.visible) this.popup.hide();
      return;
    }
    if (this.#popupDismissed) return;
    this.popup.show(popupItems(this.#controller.commands()), m[1]);
  }

  /** Refreshes the popup after the command list changed (e.g. /reload-ext). */
  refreshPopup(): void {
    if (this.popup.visible) this.#textChanged(this.editor.getText());
  }

  // ---- dynamic areas ---------------------------------------------------------

  #liveNoteLines(width: number): string[] {
    const out: string[] = [];
    for (const n of this.flow.liveNotes) {
      out.push(...noteLines("notify", n.text, n.level, width, this.theme));
    }
    return out.length ? ["", ...out] : out;
  }

  #popupLines(width: number): string[] {
    const picker = this.flow.picker;
    if (picker) return ["", ...picker.render(width)];
    return this.popup.visible ? ["", ...this.popup.render(width)] : [];
  }

  #panelLines(width: number): string[] {
    const panel = this.flow.panel;
    if (!panel) return [];
    return ["", ...panel.render(width)];
  }

  #queueLines(width: number): string[] {
    if (this.flow.queue.length === 0) return [];
    return [
      "",
      ...this.flow.queue.map((q) =>
        ellipsize(this.theme.muted(`sliding in: ${sanitizeLine(q)}`), width)
      ),
    ];
  }

  #sizeChanged(width: number): void {
    const panel = this.flow.panel;
    if (!panel) {
      this.#lastPanelSize = "";
      return;
    }
    panel.maxLines = Math.max(3, this.tui.terminal.rows - 10);
    const size = panel.innerSize(width);
    const key = `${panel.id}:${size.width}x${size.height}`;
    if (key === this.#lastPanelSize) return;
    this.#lastPanelSize = key;
    // Not from inside render: the controller may write to a pipe.
    queueMicrotask(() =>
      this.#controller.panelResize(panel.extension, panel.id, size.width, size.height)
    );
  }
}
