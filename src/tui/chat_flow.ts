/**
 * What happens when the user sends something: turns, the "sliding in" queue while the
 * agent works, cancellation, slash commands (built-in and extension) and their
 * responses, notify lines and panels. Kept apart from the keyboard and layout code.
 */

import type { AgentEvent } from "../agent/mod.ts";
import { parseSlash } from "../protocol/mod.ts";
import { type CommandPort, dispatch, type SafetyPort } from "../commands/mod.ts";
import { UsageError } from "../errors/mod.ts";
import { AskQueue } from "./asks.ts";
import { KEYS_HELP } from "./commands.ts";
import type { CommandOutcome, CommandReport, TuiController, UiEvent } from "./controller.ts";
import { PanelView } from "./panel_view.ts";
import { Picker, type PickerSpec } from "./picker.ts";
import { modelItems, SESSION_LABEL_WIDTH, sessionItems } from "./pickers.ts";
import { sanitizeLine, sanitizeText } from "./sanitize.ts";
import type { StatusBar } from "./status_bar.ts";
import type { Theme } from "./theme.ts";
import type { Transcript } from "./transcript.ts";

/** The parts of the app the flow drives. */
export interface FlowView {
  readonly transcript: Transcript;
  readonly status: StatusBar;
  readonly theme: Theme;
  readonly editor: { insertTextAtCursor(text: string): void; addToHistory(text: string): void };
  render(): void;
  refreshPopup(): void;
}

const SPINNER_MS = 80;

/** Turn, queue and command behaviour of the chat TUI. */
export class ChatFlow {
  #controller: TuiController;
  #view: FlowView;
  #exit: () => void;
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

  constructor(controller: TuiController, view: FlowView, exit: () => void) {
    this.#controller = controller;
    this.#view = view;
    this.#exit = exit;
    this.#costBase = controller.status().costUsd ?? 0;
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
      this.#track(this.#runCommand(slash.name, slash.args));
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

  // ---- commands ------------------------------------------------------------

  async #runCommand(name: string, args: string): Promise<void> {
    const route = dispatch(name, "interactive");
    if (route.kind === "builtin") {
      if (route.command.cancelsTurn(args)) await this.#settle();
      await route.command.run(args, this.#port);
      this.#view.render();
      return;
    }
    if (route.kind === "elsewhere") {
      this.#view.status.setMessage(route.message, "error");
      this.#view.render();
      return;
    }
    const ext = this.#controller.commands().find((c) => c.name === name);
    if (!ext) {
      this.#view.status.setMessage(
        `unknown command /${sanitizeLine(name)}; /help lists them`,
        "error",
      );
      this.#view.render();
      return;
    }
    let outcome: CommandOutcome;
    try {
      outcome = await this.#controller.runCommand(name, args);
    } catch (err) {
      outcome = { action: "error", message: err instanceof Error ? err.message : String(err) };
    }
    this.#outcome(name, ext.extension, outcome);
    this.#view.render();
  }

  #outcome(command: string, extension: string, o: CommandOutcome): void {
    const v = this.#view;
    switch (o.action) {
      case "prompt":
        if (o.text.trim() !== "") this.#prompt(o.text);
        return;
      case "insert":
        // Extension text: escapes and controls would end up in the prompt sent to the model.
        v.editor.insertTextAtCursor(sanitizeText(o.text));
        return;
      case "display":
        v.transcript.addNote("display", `[${extension}] ${o.text}`);
        return;
      case "open_panel":
        if (this.panel) this.closePanel(true);
        this.panel = new PanelView(o.extension, o.panel, v.theme);
        return;
      case "error":
        v.status.setMessage(`extension /${sanitizeLine(command)}: ${o.message}`, "error");
        return;
      case "noop":
        return;
    }
  }

  /** What the registry's built-ins do in the TUI. */
  readonly #port: CommandPort = {
    mode: "interactive",
    help: (text) => this.#view.transcript.addNote("info", `${text}\n${KEYS_HELP}`),
    notice: (text) => this.#view.transcript.addNote("info", text),
    prompt: (text) => this.#prompt(text),
    compact: async () => {
      this.#view.status.setMessage("compacting…");
      this.#view.render();
      this.#report(await this.#controller.compact());
    },
    extensionCommands: () => this.#controller.commands(),
    interactive: {
      exit: () => this.#exit(),
      clear: () => this.#clear(),
      model: (args) => args === "" ? this.#modelPicker() : this.#switchModel(args),
      sessions: () => this.#sessions(),
      reloadExtensions: () => this.#reloadExtensions(),
    },
    safety: {
      yolo: () => this.#safety().yolo(),
      jail: (locked, network) => this.#safety().jail(locked, network),
    },
  };

  #safety(): SafetyPort {
    const safety = this.#controller.safety;
    if (!safety) throw new UsageError("this TUI cannot change the confirm gate or the jail");
    return safety;
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

  async #clear(): Promise<void> {
    const v = this.#view;
    await this.#controller.clear();
    v.transcript.clear();
    this.liveNotes = [];
    v.status.contextTokens = 0;
    v.status.setMessage("conversation cleared");
  }

  async #sessions(): Promise<void> {
    const list = await this.#controller.sessions();
    if (!Array.isArray(list)) this.#report(list);
    else if (list.length === 0) this.#report({ text: "no saved sessions in this folder yet" });
    else {
      this.#openPicker({
        title: "resume a session of this folder (newest first; * is this one)",
        items: sessionItems(list),
        labelWidth: SESSION_LABEL_WIDTH,
        onPick: (path) => this.#track(this.#resume(path)),
      });
    }
  }

  async #reloadExtensions(): Promise<void> {
    const v = this.#view;
    v.status.setMessage("reloading extensions…");
    v.render();
    if (this.panel) this.closePanel(false);
    const r = await this.#controller.reloadExtensions();
    v.status.setMessage(r.text, r.isError ? "error" : "info");
    v.refreshPopup();
  }

  #modelPicker(): void {
    const info = this.#controller.status();
    const models = this.#controller.models();
    if (models.length === 0) {
      this.#report({ text: `no models known for ${info.provider}; use /model <id>` });
      return;
    }
    this.#openPicker({
      title: `choose a model (${info.provider})`,
      items: modelItems(models, info.model),
      selected: info.model,
      onPick: (id) => this.#track(this.#switchModel(id)),
    });
  }

  async #switchModel(id: string): Promise<void> {
    await this.#settle();
    this.#report(await this.#controller.model(id));
    this.#view.status.info = this.#controller.status();
    this.#view.render();
  }

  /** Replaces the conversation with a saved session's and continues it. */
  async #resume(path: string): Promise<void> {
    const v = this.#view;
    await this.#settle();
    const r = await this.#controller.resumeSession(path);
    if (r.isError) {
      v.status.setMessage(r.text, "error");
    } else {
      const info = this.#controller.status();
      v.transcript.clear();
      this.liveNotes = [];
      v.transcript.load(this.#controller.history());
      v.status.info = info;
      v.status.contextTokens = info.contextTokens ?? 0;
      this.#costBase = info.costUsd ?? 0;
      this.#cost = 0;
      v.status.costUsd = this.#costBase;
      v.transcript.addNote("info", r.text);
    }
    v.render();
  }

  #openPicker(spec: Omit<PickerSpec, "onCancel">): void {
    this.#showPicker({ ...spec, onCancel: () => {} });
  }

  #report(r: CommandReport): void {
    if (r.isError) this.#view.status.setMessage(r.text, "error");
    else this.#view.transcript.addNote("info", r.text);
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
