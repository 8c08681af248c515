/**
 * Extension dialogs (protocol 1.1 `ui_request`) on their way to whichever mode runs: the
 * host's onUiRequest callback is wired to a DialogBus at startup, and the mode sets the
 * handler that shows them (TUI dialog, rpc request). With no handler (print, json) a
 * dialog is not shown and the host answers with its default, or `cancelled`.
 */

import type { UiAnswer, UiRequest } from "../extensions/mod.ts";

/** A dialog an extension asked for (the host's ui_request). */
export type Dialog = UiRequest;

/** The user's answer. */
export type DialogAnswer = UiAnswer;

/** Shows a dialog and resolves with the user's answer. */
export type DialogHandler = (dialog: Dialog) => Promise<DialogAnswer>;

/** Routes dialogs to the running mode's handler. */
export class DialogBus {
  #handler: DialogHandler | undefined;

  /** Sets the handler (undefined: nobody can answer); returns a function that unsets it. */
  setHandler(handler: DialogHandler | undefined): () => void {
    this.#handler = handler;
    return () => {
      if (this.#handler === handler) this.#handler = undefined;
    };
  }

  /** Asks the handler; rejects when there is none, so the host uses the default. */
  ask(dialog: Dialog): Promise<DialogAnswer> {
    if (!this.#handler) return Promise.reject(new Error("no mode can show dialogs here"));
    return this.#handler(dialog);
  }
}
