/**
 * Protocol 1.1 dialogs: `ext.ui.confirm/select/input` write a `ui_request` and resolve with
 * the host's `ui_response` — the value, or `undefined` when the user cancelled, nobody could
 * answer (zot -p without a default) or the extension is stopping.
 */

import type { DialogOptions } from "./handler_types.ts";
import type { UiRequestFrame, UiResponseFrame } from "./protocol.ts";

/** Asks the user things; reached as `ext.ui`. */
export class Dialogs {
  #send: (frame: UiRequestFrame) => Promise<void>;
  #open = new Map<string, (value: boolean | string | undefined) => void>();
  #last = 0;

  /** Used by the extension; `send` writes a frame. */
  constructor(send: (frame: UiRequestFrame) => Promise<void>) {
    this.#send = send;
  }

  /** Yes or no; `undefined` when cancelled. */
  confirm(
    title: string,
    options: DialogOptions & { default?: boolean } = {},
  ): Promise<boolean | undefined> {
    return this.#ask("confirm", title, options) as Promise<boolean | undefined>;
  }

  /** One of `choices`; `undefined` when cancelled. */
  select(
    title: string,
    choices: string[],
    options: DialogOptions & { default?: string } = {},
  ): Promise<string | undefined> {
    return this.#ask("select", title, options, choices) as Promise<string | undefined>;
  }

  /** A line of text; `undefined` when cancelled. */
  input(
    title: string,
    options: DialogOptions & { default?: string } = {},
  ): Promise<string | undefined> {
    return this.#ask("input", title, options) as Promise<string | undefined>;
  }

  /** Delivers the host's answer. */
  answer(frame: UiResponseFrame): void {
    const resolve = this.#open.get(frame.id);
    if (!resolve) return;
    this.#open.delete(frame.id);
    resolve(frame.cancelled === true ? undefined : frame.value);
  }

  /** Resolves every open dialog as cancelled (shutdown). */
  cancelAll(): void {
    for (const resolve of this.#open.values()) resolve(undefined);
    this.#open.clear();
  }

  #ask(
    kind: UiRequestFrame["kind"],
    title: string,
    options: DialogOptions & { default?: boolean | string },
    choices?: string[],
  ): Promise<boolean | string | undefined> {
    const id = `ui-${++this.#last}`;
    const frame: UiRequestFrame = { type: "ui_request", id, kind, title };
    if (choices) frame.options = choices;
    if (options.default !== undefined) frame.default = options.default;
    if (options.timeoutMs !== undefined) frame.timeout_ms = options.timeoutMs;
    return new Promise((resolve) => {
      this.#open.set(id, resolve);
      void this.#send(frame);
    });
  }
}
