/**
 * Questions the TUI asks on behalf of the agent and extensions: tool approvals (allow
 * once, allow this tool for the session, allow all, deny, deny with a reason) and extension
 * dialogs (confirm, select, input). One is shown at a time, oldest first, as a picker; a
 * text answer (a deny reason, an input dialog) is taken from the editor's next submit.
 * Esc denies an approval and cancels a dialog; a question whose signal aborts (the turn
 * was cancelled, the dialog timed out) disappears unanswered.
 */

import type { UiEvent } from "./controller.ts";
import type { PickerItem, PickerSpec } from "./picker.ts";
import { sanitizeLine } from "./sanitize.ts";

/** A question waiting for the user. */
export type Ask = Extract<UiEvent, { type: "approval_request" | "ui_request" }>;

/** What showing a question needs from the chat flow. */
export interface AskView {
  openPicker(spec: PickerSpec): void;
  closePicker(): void;
  /** The editor's next submit answers instead of prompting; `hint` says what to type. */
  awaitText(hint: string, take: (text: string) => void): void;
  cancelText(): void;
}

/** Shows questions one at a time. */
export class AskQueue {
  #view: AskView;
  #waiting: Ask[] = [];
  #current: Ask | undefined;

  constructor(view: AskView) {
    this.#view = view;
  }

  /** Whether a question is on screen. */
  get open(): boolean {
    return this.#current !== undefined;
  }

  /** Queues a question (shown at once when none is open). */
  add(ask: Ask): void {
    ask.signal.addEventListener("abort", () => this.#drop(ask), { once: true });
    if (ask.signal.aborted) return;
    this.#waiting.push(ask);
    if (!this.#current) this.#next();
  }

  #drop(ask: Ask): void {
    this.#waiting = this.#waiting.filter((a) => a !== ask);
    if (this.#current !== ask) return;
    this.#view.closePicker();
    this.#view.cancelText();
    this.#current = undefined;
    this.#next();
  }

  #next(): void {
    const ask = this.#waiting.shift();
    this.#current = ask;
    if (!ask) return;
    let answered = false;
    const finish = <T>(answer: (a: T) => void, value: T) => {
      if (answered) return;
      answered = true;
      answer(value);
      if (this.#current === ask) {
        this.#current = undefined;
        this.#next();
      }
    };
    if (ask.type === "approval_request") this.#approval(ask, (a) => finish(ask.answer, a));
    else this.#dialog(ask, (a) => finish(ask.answer, a));
  }

  #approval(
    ask: Extract<Ask, { type: "approval_request" }>,
    done: Extract<Ask, { type: "approval_request" }>["answer"],
  ): void {
    const r = ask.request;
    const why = r.source === "guard"
      ? ` — extension ${r.extension ?? "?"} asks${r.reason ? `: ${r.reason}` : ""}`
      : "";
    const items: PickerItem[] = [
      { value: "once", label: "allow once" },
      { value: "tool", label: `allow ${r.tool} for this session` },
      { value: "all", label: "allow all (like /yolo)" },
      { value: "deny", label: "deny" },
      { value: "deny_reason", label: "deny with a reason…" },
    ];
    this.#view.openPicker({
      title: sanitizeLine(`allow ${r.tool}: ${r.preview}${why}`),
      items,
      labelWidth: 40,
      onPick: (value) => {
        if (value !== "deny_reason") {
          done({ choice: value as "once" | "tool" | "all" | "deny" });
          return;
        }
        this.#view.awaitText(
          `why deny ${r.tool}? type the reason the model will see and press enter`,
          (text) => done({ choice: "deny", ...(text ? { reason: text } : {}) }),
        );
      },
      onCancel: () => done({ choice: "deny" }),
    });
  }

  #dialog(
    ask: Extract<Ask, { type: "ui_request" }>,
    done: Extract<Ask, { type: "ui_request" }>["answer"],
  ): void {
    const d = ask.dialog;
    const title = sanitizeLine(`[${d.extension}] ${d.title}`);
    if (d.kind === "input") {
      this.#view.awaitText(
        `${title} — type your answer and press enter`,
        (text) => done({ value: text === "" && typeof d.default === "string" ? d.default : text }),
      );
      return;
    }
    const items: PickerItem[] = d.kind === "confirm"
      ? [{ value: "yes", label: "yes" }, { value: "no", label: "no" }]
      : (d.options ?? []).map((o) => ({ value: o, label: o }));
    const selected = d.kind === "confirm"
      ? (d.default === false ? "no" : "yes")
      : typeof d.default === "string"
      ? d.default
      : undefined;
    this.#view.openPicker({
      title,
      items,
      ...(selected ? { selected } : {}),
      onPick: (value) => done({ value: d.kind === "confirm" ? value === "yes" : value }),
      onCancel: () => done({ cancelled: true }),
    });
  }
}
