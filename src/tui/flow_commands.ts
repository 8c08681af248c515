/**
 * Slash commands in the chat TUI: the registry's built-ins (what /clear, /model, /sessions,
 * /reload-ext, /compact … do on screen) and extension commands with their outcomes. The
 * turn and queue state stay in ChatFlow; this reaches them through FlowHooks.
 */

import { type CommandPort, dispatch, type SafetyPort } from "../commands/mod.ts";
import { UsageError } from "../errors/mod.ts";
import type { FlowView } from "./flow_view.ts";
import { KEYS_HELP } from "./commands.ts";
import type { CommandOutcome, CommandReport, TuiController } from "./controller.ts";
import { PanelView } from "./panel_view.ts";
import type { PickerSpec } from "./picker.ts";
import { modelItems, SESSION_LABEL_WIDTH, sessionItems } from "./pickers.ts";
import { sanitizeLine, sanitizeText } from "./sanitize.ts";

/** What the commands need from the chat flow. */
export interface FlowHooks {
  readonly controller: TuiController;
  readonly view: FlowView;
  exit(): void;
  /** Runs a user turn now, or queues it while the agent works. */
  prompt(text: string): void;
  /** Cancels the turn (if any) and waits for it to end. */
  settle(): Promise<void>;
  /** Keeps a background promise for stop() to wait on. */
  track(p: Promise<unknown>): void;
  showPicker(spec: PickerSpec): void;
  /** Shows an extension's panel in place of any open one. */
  openPanel(panel: PanelView): void;
  /** Closes the open panel, if any; `notify` tells its extension. */
  closePanel(notify: boolean): void;
  /** Empties the transcript and the pending notify lines. */
  clearTranscript(): void;
  /** Restarts the cost count at `base` (a resumed session's cost). */
  resetCost(base: number): void;
}

/** Slash commands of the chat TUI. */
export class FlowCommands {
  readonly #hooks: FlowHooks;

  constructor(hooks: FlowHooks) {
    this.#hooks = hooks;
  }

  /** Runs a slash command: a built-in from the registry, or an extension's. */
  async run(name: string, args: string): Promise<void> {
    const route = dispatch(name, "interactive");
    if (route.kind === "builtin") {
      if (route.command.cancelsTurn(args)) await this.#hooks.settle();
      await route.command.run(args, this.#port);
      this.#hooks.view.render();
      return;
    }
    if (route.kind === "elsewhere") {
      this.#hooks.view.status.setMessage(route.message, "error");
      this.#hooks.view.render();
      return;
    }
    const ext = this.#hooks.controller.commands().find((c) => c.name === name);
    if (!ext) {
      this.#hooks.view.status.setMessage(
        `unknown command /${sanitizeLine(name)}; /help lists them`,
        "error",
      );
      this.#hooks.view.render();
      return;
    }
    let outcome: CommandOutcome;
    try {
      outcome = await this.#hooks.controller.runCommand(name, args);
    } catch (err) {
      outcome = { action: "error", message: err instanceof Error ? err.message : String(err) };
    }
    this.#outcome(name, ext.extension, outcome);
    this.#hooks.view.render();
  }

  #outcome(command: string, extension: string, o: CommandOutcome): void {
    const v = this.#hooks.view;
    switch (o.action) {
      case "prompt":
        if (o.text.trim() !== "") this.#hooks.prompt(o.text);
        return;
      case "insert":
        // Extension text: escapes and controls would end up in the prompt sent to the model.
        v.editor.insertTextAtCursor(sanitizeText(o.text));
        return;
      case "display":
        v.transcript.addNote("display", `[${extension}] ${o.text}`);
        return;
      case "open_panel":
        this.#hooks.openPanel(new PanelView(o.extension, o.panel, v.theme));
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
    help: (text) => this.#hooks.view.transcript.addNote("info", `${text}\n${KEYS_HELP}`),
    notice: (text) => this.#hooks.view.transcript.addNote("info", text),
    prompt: (text) => this.#hooks.prompt(text),
    compact: async () => {
      this.#hooks.view.status.setMessage("compacting…");
      this.#hooks.view.render();
      this.#report(await this.#hooks.controller.compact());
    },
    extensionCommands: () => this.#hooks.controller.commands(),
    interactive: {
      exit: () => this.#hooks.exit(),
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
    const safety = this.#hooks.controller.safety;
    if (!safety) throw new UsageError("this TUI cannot change the confirm gate or the jail");
    return safety;
  }

  async #clear(): Promise<void> {
    const v = this.#hooks.view;
    await this.#hooks.controller.clear();
    this.#hooks.clearTranscript();
    v.status.contextTokens = 0;
    v.status.setMessage("conversation cleared");
  }

  async #sessions(): Promise<void> {
    const list = await this.#hooks.controller.sessions();
    if (!Array.isArray(list)) this.#report(list);
    else if (list.length === 0) this.#report({ text: "no saved sessions in this folder yet" });
    else {
      this.#openPicker({
        title: "resume a session of this folder (newest first; * is this one)",
        items: sessionItems(list),
        labelWidth: SESSION_LABEL_WIDTH,
        onPick: (path) => this.#hooks.track(this.#resume(path)),
      });
    }
  }

  async #reloadExtensions(): Promise<void> {
    const v = this.#hooks.view;
    v.status.setMessage("reloading extensions…");
    v.render();
    this.#hooks.closePanel(false);
    const r = await this.#hooks.controller.reloadExtensions();
    v.status.setMessage(r.text, r.isError ? "error" : "info");
    v.refreshPopup();
  }

  #modelPicker(): void {
    const info = this.#hooks.controller.status();
    const models = this.#hooks.controller.models();
    if (models.length === 0) {
      this.#report({ text: `no models known for ${info.provider}; use /model <id>` });
      return;
    }
    this.#openPicker({
      title: `choose a model (${info.provider})`,
      items: modelItems(models, info.model),
      selected: info.model,
      onPick: (id) => this.#hooks.track(this.#switchModel(id)),
    });
  }

  async #switchModel(id: string): Promise<void> {
    await this.#hooks.settle();
    this.#report(await this.#hooks.controller.model(id));
    this.#hooks.view.status.info = this.#hooks.controller.status();
    this.#hooks.view.render();
  }

  /** Replaces the conversation with a saved session's and continues it. */
  async #resume(path: string): Promise<void> {
    const v = this.#hooks.view;
    await this.#hooks.settle();
    const r = await this.#hooks.controller.resumeSession(path);
    if (r.isError) {
      v.status.setMessage(r.text, "error");
    } else {
      const info = this.#hooks.controller.status();
      this.#hooks.clearTranscript();
      v.transcript.load(this.#hooks.controller.history());
      v.status.info = info;
      v.status.contextTokens = info.contextTokens ?? 0;
      this.#hooks.resetCost(info.costUsd ?? 0);
      v.status.costUsd = info.costUsd ?? 0;
      v.transcript.addNote("info", r.text);
    }
    v.render();
  }

  #openPicker(spec: Omit<PickerSpec, "onCancel">): void {
    this.#hooks.showPicker({ ...spec, onCancel: () => {} });
  }

  #report(r: CommandReport): void {
    if (r.isError) this.#hooks.view.status.setMessage(r.text, "error");
    else this.#hooks.view.transcript.addNote("info", r.text);
  }
}
