/**
 * Questions for the rpc client: tool approvals (the confirm gate and guards' `ask`) and
 * extension dialogs. Each is written as an event — `approval_request`, `ui_request` — with
 * a `request_id`; the client answers with the `approve` or `ui_response` command. Requests
 * still open when the server stops (or the turn is aborted) are denied / cancelled.
 */

import type { ApprovalAnswer, ApprovalChoice, ApprovalRequest, Approver } from "../agent/mod.ts";
import type { Dialog, DialogAnswer, DialogHandler } from "./dialogs.ts";
import type { WireObject } from "./wire.ts";

type Command = Record<string, unknown>;

const CHOICES: readonly ApprovalChoice[] = ["once", "tool", "all", "deny"];

interface Open<T> {
  resolve(answer: T): void;
  done(): void;
}

/** Open approval requests and dialogs of one rpc server. */
export class RpcPrompts {
  #write: (frame: WireObject) => void;
  #approvals = new Map<string, Open<ApprovalAnswer>>();
  #dialogs = new Map<string, Open<DialogAnswer> & { dialog: Dialog }>();
  #lastDialog = 0;
  #closed = false;

  constructor(write: (frame: WireObject) => void) {
    this.#write = write;
  }

  /** The approver rpc mode gives the agent. */
  approver(): Approver {
    return (request, signal) => this.#ask(request, signal);
  }

  /** The dialog handler rpc mode gives the dialog bus. */
  dialogHandler(): DialogHandler {
    return (dialog) => this.#dialog(dialog);
  }

  /** `approve {request_id, decision, reason?}`: an error message, or undefined when taken. */
  answerApproval(command: Command): string | undefined {
    const id = command.request_id;
    const open = typeof id === "string" ? this.#approvals.get(id) : undefined;
    if (!open) return `approve: no open approval request ${JSON.stringify(id)}`;
    const decision = command.decision;
    if (typeof decision !== "string" || !CHOICES.includes(decision as ApprovalChoice)) {
      return `approve: "decision" must be one of ${CHOICES.join(", ")}`;
    }
    const reason = typeof command.reason === "string" ? command.reason : undefined;
    open.resolve({ choice: decision as ApprovalChoice, ...(reason ? { reason } : {}) });
    return undefined;
  }

  /** `ui_response {request_id, value?|cancelled?}`: an error message, or undefined when taken. */
  answerDialog(command: Command): string | undefined {
    const id = command.request_id;
    const open = typeof id === "string" ? this.#dialogs.get(id) : undefined;
    if (!open) return `ui_response: no open ui_request ${JSON.stringify(id)}`;
    if (command.cancelled === true) {
      open.resolve({ cancelled: true });
      return undefined;
    }
    const value = command.value;
    const dialog = open.dialog;
    if (dialog.kind === "confirm" && typeof value !== "boolean") {
      return `ui_response: a confirm needs "value": true or false (or "cancelled": true)`;
    }
    if (dialog.kind !== "confirm" && typeof value !== "string") {
      return `ui_response: a ${dialog.kind} needs a string "value" (or "cancelled": true)`;
    }
    if (dialog.kind === "select" && !(dialog.options ?? []).includes(value as string)) {
      return `ui_response: ${JSON.stringify(value)} is not one of the options`;
    }
    open.resolve({ value: value as boolean | string });
    return undefined;
  }

  /** Denies and cancels everything still open (the server is stopping). */
  closeAll(): void {
    this.#closed = true;
    for (const open of [...this.#approvals.values()]) {
      open.resolve({ choice: "deny", reason: "the rpc client went away" });
    }
    for (const open of [...this.#dialogs.values()]) open.resolve({ cancelled: true });
  }

  #ask(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer> {
    return this.#open(this.#approvals, request.id, signal, { choice: "deny" }, () =>
      this.#write({
        type: "approval_request",
        request_id: request.id,
        tool_id: request.toolId,
        tool: request.tool,
        args: request.args,
        preview: request.preview,
        source: request.source,
        ...(request.extension ? { extension: request.extension } : {}),
        ...(request.reason ? { reason: request.reason } : {}),
      }));
  }

  #dialog(dialog: Dialog): Promise<DialogAnswer> {
    const id = `ui-${++this.#lastDialog}`;
    const map = this.#dialogs as Map<string, Open<DialogAnswer>>;
    const answer = this.#open(map, id, dialog.signal, { cancelled: true }, () =>
      this.#write({
        type: "ui_request",
        request_id: id,
        extension: dialog.extension,
        kind: dialog.kind,
        title: dialog.title,
        ...(dialog.options ? { options: dialog.options } : {}),
        ...(dialog.default !== undefined ? { default: dialog.default } : {}),
        timeout_ms: dialog.timeoutMs,
      }));
    const entry = this.#dialogs.get(id);
    if (entry) entry.dialog = dialog;
    return answer;
  }

  #open<T>(
    map: Map<string, Open<T>>,
    id: string,
    signal: AbortSignal,
    onAbort: T,
    announce: () => void,
  ): Promise<T> {
    return new Promise<T>((resolve) => {
      const abort = () => {
        open.resolve(onAbort);
        this.#write({ type: "request_closed", request_id: id });
      };
      const open = {
        resolve: (answer: T) => {
          open.done();
          resolve(answer);
        },
        done: () => {
          map.delete(id);
          signal.removeEventListener("abort", abort);
        },
        dialog: undefined,
      } as Open<T>;
      if (signal.aborted || this.#closed) return resolve(onAbort);
      map.set(id, open);
      signal.addEventListener("abort", abort, { once: true });
      announce();
    });
  }
}
