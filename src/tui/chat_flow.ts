/**
 * What happens when the user sends something: turns, the "sliding in" queue while the
 * agent works, cancellation, slash commands (built-in and extension) and their
 * responses, notify lines and panels. Kept apart from the keyboard and layout code.
 */

import type { AgentEvent } from "../agent/mod.ts";
import { parseSlash } from "../protocol/mod.ts";
import { AskQueue } from "./asks.ts";
import type { TuiController, UiEvent } from "./controller.ts";
import { FlowCommands } from "./flow_commands.ts";
import type { PanelView } from "./panel_view.ts";
import { Picker, type PickerSpec } from "./picker.ts";
import { sanitizeLine } from "./sanitize.ts";
import type { FlowView } from "./flow_view.ts";

const SPINNER_MS = 80;

/** Turn, queue and command behaviour of the chat TUI. */
export class ChatFlow {
  #controller: TuiController;
  #view: FlowView;
  #turn?: Promise<void>;
  #spinner?: ReturnType<typeof setInterval>;
  #costBase: number;
  #cost = 0;
  /** Messages typed while busy, run in order after the turn. */
  queue: string[] = [];
  /** notify lines raised during the current turn, shown below it. */
  liveNotes: { text: string; level: string }[] = [];
  /** The open extension panel, if any. */
  panel?: PanelView;
  /** The open /model or /sessions picker, if any; it gets the keys. */
  picker?: Picker;
  /** Approvals and extension dialogs, one at a time. */
  readonly #asks: AskQueue = new AskQueue({
    openPicker: (spec) => this.#showPicker(spec),
    closePicker: () => {
      this.picker = undefined;
      this.#view.render();
    },
    awaitText: (hint, take) => {
      this.#textAnswer = take;
      this.#view.status.setMessage(hint);
      this.#view.render();
    },
    cancelText: () => {
      if (this.#textAnswer) this.#view.status.clearMessage();
      this.#textAnswer = undefined;
    },
  });
  /** Set while a question wants the editor's next submit as its answer. */
  #textAnswer?: (text: string) => void;
  #pending = new Set<Promise<unknown>>();
  /** Slash commands, built-in and extension. */
  readonly #commands: FlowCommands;

  constructor(controller: TuiController, view: FlowView, exit: () => void) {
    this.#controller = controller;
    this.#view = view;
    this.#costBase = controller.status().costUsd ?? 0;
    this.#commands = new FlowCommands({
      controller,
      view,
      exit,
      prompt: (text) => this.#prompt(text),
      settle: () => this.#settle(),
      track: (p) => this.#track(p),
      showPicker: (spec) => this.#showPicker(spec),
      openPanel: (panel) => {
        if (this.panel) this.closePanel(true);
        this.panel = panel;
      },
      closePanel: (notify) => this.closePanel(notify),
      clearTranscript: () => {
        view.transcript.clear();
        this.liveNotes = [];
      },
      resetCost: (base) => {
        this.#costBase = base;
        this.#cost = 0;
      },
    });
  }

  /** Whether a turn is running. */
  get busy(): boolean {
    return this.#turn !== undefined;
  }

  /** Handles what the editor submitted. */
  submitInput(raw: string): void {
    const take = this.#textAnswer;
    if (take) {
      this.#textAnswer = undefined;
      this.#view.status.clearMessage();
      take(raw.trim());
      this.#view.render();
      return;
    }
    const text = raw.trim();
    if (text === "") return;
    this.#view.editor.addToHistory(text);
    const slash = parseSlash(text);
    if (slash) {
      this.#track(this.#commands.run(slash.name, slash.args));
      return;
    }
    this.#prompt(text);
  }

  /** Runs a user turn now, or queues it while the agent works. */
  #prompt(text: string): void {
    if (this.busy) {
      this.queue.push(text);
      this.#view.render();
      return;
    }
    this.#startTurn(text);
  }

  #startTurn(text: string): void {
    this.#view.transcript.addUser(text);
    this.#view.status.clearMessage();
    this.#view.status.busy = true;
    this.#view.status.activity = "working";
    this.#spinner ??= setInterval(() => {
      this.#view.status.tick();
      this.#view.render();
    }, SPINNER_MS);
    const turn = this.#controller.submit(text).catch((err: unknown) => {
      this.#view.transcript.addNote("error", err instanceof Error ? err.message : String(err));
    }).finally(() => this.#turnOver());
    this.#turn = turn;
    this.#view.render();
  }

  #turnOver(): void {
    this.#turn = undefined;
    this.#flushNotes();
    const next = this.queue.shift();
    if (next !== undefined) {
      this.#startTurn(next);
      return;
    }
    this.#view.status.busy = false;
    if (this.#spinner !== undefined) clearInterval(this.#spinner);
    this.#spinner = undefined;
    this.#view.render();
  }

  #flushNotes(): void {
    for (const n of this.liveNotes) this.#view.transcript.addNote("notify", n.text, n.level);
    this.liveNotes = [];
  }

  /** Esc while busy: cancels the turn and drops the queue. */
  cancelTurn(): void {
    if (!this.busy) return;
    const dropped = this.queue.length;
    this.queue = [];
    this.#controller.cancel();
    this.#view.status.setMessage(
      dropped > 0
        ? `cancelled; dropped ${dropped} queued message${dropped > 1 ? "s" : ""}`
        : "cancelled",
      "warning",
    );
    this.#view.render();
  }

  /** Cancels the turn (if any) and waits for it to end. */
  async #settle(): Promise<void> {
    if (!this.#turn) return;
    this.queue = [];
    this.#controller.cancel();
    await this.#turn;
  }

  /** Stops timers and the turn before the TUI exits. */
  async stop(): Promise<void> {
    await this.#settle();
    if (this.#spinner !== undefined) clearInterval(this.#spinner);
    this.#spinner = undefined;
    await Promise.allSettled([...this.#pending]);
  }

  #track(p: Promise<unknown>): void {
    this.#pending.add(p);
    p.finally(() => this.#pending.delete(p));
  }

  /** Shows a picker whose cancel is the spec's own (a question's deny or cancel). */
  #showPicker(spec: PickerSpec): void {
    const close = () => {
      this.picker = undefined;
      this.#view.render();
    };
    this.picker = new Picker({
      ...spec,
      onPick: (value) => {
        close();
        spec.onPick(value);
      },
      onCancel: () => {
        close();
        spec.onCancel();
      },
    }, this.#view.theme);
    this.#view.render();
  }

  /** Closes the panel; `notify` sends `panel_close` to its extension. */
  closePanel(notify: boolean): void {
    const p = this.panel;
    if (!p) return;
    this.panel = undefined;
    if (notify) this.#controller.panelClose(p.extension, p.id);
    this.#view.render();
  }

  // ---- events --------------------------------------------------------------

  /** Applies one agent or host event. */
  onEvent(ev: UiEvent): void {
    const v = this.#view;
    switch (ev.type) {
      case "ext_notify": {
        const text = `[${ev.extension}] ${ev.message}`;
        if (this.busy) this.liveNotes.push({ text, level: ev.level });
        else v.transcript.addNote("notify", text, ev.level);
        break;
      }
      case "ext_submit":
        if (ev.text.trim() !== "") this.#prompt(ev.text);
        break;
      case "ext_status":
        v.status.setExtensionState(ev.extension, ev.state);
        v.render();
        break;
      case "panel_render":
        if (this.panel && this.panel.id === ev.panelId && this.panel.extension === ev.extension) {
          this.panel.update(ev);
        }
        break;
      case "panel_close":
        if (this.panel && this.panel.id === ev.panelId && this.panel.extension === ev.extension) {
          this.closePanel(false);
        }
        break;
      case "status_changed":
        v.status.info = this.#controller.status();
        v.refreshPopup();
        break;
      case "approval_request":
      case "ui_request":
        this.#asks.add(ev);
        break;
      case "usage":
        v.status.contextTokens = ev.usage.input + ev.usage.cacheRead + ev.usage.cacheWrite +
          ev.usage.output;
        // Summing per-call cost does not depend on what `cumulative` is cumulative over.
        this.#cost += ev.usage.costUsd;
        v.status.costUsd = this.#costBase + this.#cost;
        break;
      default:
        this.#agentEvent(ev);
    }
    v.render();
  }

  #agentEvent(ev: AgentEvent): void {
    if (ev.type === "tool_call") this.#view.status.activity = `running ${sanitizeLine(ev.name)}`;
    if (ev.type === "assistant_start") this.#view.status.activity = "working";
    if (ev.type === "tool_use_start") {
      this.#view.status.activity = `calling ${sanitizeLine(ev.name)}`;
    }
    this.#view.transcript.apply(ev);
  }
}
