/**
 * The requests one connection has in flight: their ids, timers, abort signals and
 * progress. A call settles exactly once: by its response, its timeout (reset by each
 * progress up to a hard cap), its signal, a too-large answer, or the connection closing.
 * When a command or tool call is given up on, the extension is told with `cancel` (if it
 * listed the capability), so it can stop the work nobody waits for any more.
 */

import { CancelledError, ExtensionError } from "../../errors/mod.ts";
import type {
  CommandResponseFrame,
  EventInterceptResponseFrame,
  HostFrame,
  ProgressFrame,
  ToolResultFrame,
} from "../../protocol/mod.ts";

/** The kinds of request the host makes, each with its own response frame and timeout. */
export type RequestKind = "command" | "tool" | "intercept";

/** The response frame for each request kind. */
export interface ResponseByKind {
  command: CommandResponseFrame;
  tool: ToolResultFrame;
  intercept: EventInterceptResponseFrame;
}

/** What a progress frame tells the caller. */
export interface CallProgress {
  message?: string;
  fraction?: number;
  partial?: ProgressFrame["partial"];
}

/** How one request is bounded and observed. */
export interface CallOptions {
  /** Silence allowed before the call times out; each progress restarts it. */
  timeoutMs: number;
  /** The longest the call may run however often it reports progress. */
  hardCapMs?: number;
  signal?: AbortSignal;
  onProgress?: (progress: CallProgress) => void;
}

/** What the pending set needs from its connection. */
export interface PendingLink {
  name: string;
  /** Sends a frame; false when it could not be queued. */
  send(frame: HostFrame): boolean;
  /** Whether the extension listed `cancel` in its hello capabilities. */
  canCancel(): boolean;
  note(text: string): void;
  /** A call finished (answered or failed) after this many ms; for latency figures. */
  observe?(kind: RequestKind, ms: number, ok: boolean): void;
}

interface Pending {
  kind: RequestKind;
  label: string;
  started: number;
  options: CallOptions;
  timer: ReturnType<typeof setTimeout> | undefined;
  resolve(frame: ResponseByKind[RequestKind]): void;
  reject(err: Error): void;
  onAbort(): void;
}

const RESPONSE_TYPE: { [K in RequestKind]: ResponseByKind[K]["type"] } = {
  command: "command_response",
  tool: "tool_result",
  intercept: "event_intercept_response",
};

/** The in-flight requests of one connection. */
export class PendingCalls {
  readonly #link: PendingLink;
  readonly #calls = new Map<string, Pending>();

  constructor(link: PendingLink) {
    this.#link = link;
  }

  /** How many requests await a response. */
  get size(): number {
    return this.#calls.size;
  }

  /** Whether `id` is a request still awaiting its response. */
  has(id: string): boolean {
    return this.#calls.has(id);
  }

  /** Registers a request under `id`; the promise settles exactly once. */
  add<K extends RequestKind>(
    id: string,
    kind: K,
    label: string,
    options: CallOptions,
  ): Promise<ResponseByKind[K]> {
    return new Promise<ResponseByKind[K]>((resolve, reject) => {
      const pending: Pending = {
        kind,
        label,
        started: Date.now(),
        options,
        timer: undefined,
        resolve: resolve as (frame: ResponseByKind[RequestKind]) => void,
        reject,
        onAbort: () => this.#giveUp(id, "aborted", new CancelledError(`${label} cancelled`)),
      };
      this.#calls.set(id, pending);
      options.signal?.addEventListener("abort", pending.onAbort, { once: true });
      this.#arm(id, pending);
    });
  }

  /** A response arrived: settles its request, or says why it was dropped. */
  answer(frame: ResponseByKind[RequestKind]): string | undefined {
    const pending = this.#calls.get(frame.id);
    if (!pending) {
      return `${frame.type} for unknown id ${
        JSON.stringify(frame.id)
      } (late or never asked); dropped`;
    }
    if (RESPONSE_TYPE[pending.kind] !== frame.type) {
      return `${frame.type} answers id ${
        JSON.stringify(frame.id)
      }, which is a ${pending.label}; dropped`;
    }
    this.#settle(frame.id, pending, true);
    pending.resolve(frame);
    return undefined;
  }

  /** A progress frame: restarts the call's timeout (within its cap) and reports it. */
  progress(frame: ProgressFrame): string | undefined {
    const pending = this.#calls.get(frame.id);
    if (!pending || pending.kind === "intercept") {
      return `progress for unknown id ${JSON.stringify(frame.id)} (late or never asked); dropped`;
    }
    this.#arm(frame.id, pending);
    const progress: CallProgress = {};
    if (frame.message !== undefined) progress.message = frame.message;
    if (frame.fraction !== undefined) progress.fraction = Math.min(1, Math.max(0, frame.fraction));
    if (frame.partial !== undefined) progress.partial = frame.partial;
    try {
      pending.options.onProgress?.(progress);
    } catch (err) {
      this.#link.note(`progress handler failed: ${(err as Error).message}`);
    }
    return undefined;
  }

  /** Fails a request at once with `err` (no cancel: the extension already answered). */
  fail(id: string, err: Error): boolean {
    const pending = this.#calls.get(id);
    if (!pending) return false;
    this.#settle(id, pending, false);
    pending.reject(err);
    return true;
  }

  /** Fails every request (the connection closed); `error` builds each one's error. */
  failAll(error: (label: string) => Error): void {
    for (const [id, pending] of [...this.#calls]) {
      this.#settle(id, pending, false);
      pending.reject(error(pending.label));
    }
  }

  /** The label of a pending request, for messages. */
  label(id: string): string | undefined {
    return this.#calls.get(id)?.label;
  }

  // (Re)starts the silence timer, never past the call's hard cap.
  #arm(id: string, pending: Pending): void {
    clearTimeout(pending.timer);
    const { timeoutMs, hardCapMs } = pending.options;
    const capLeft = hardCapMs === undefined ? Infinity : pending.started + hardCapMs - Date.now();
    const wait = Math.max(0, Math.min(timeoutMs, capLeft));
    const capped = capLeft <= timeoutMs;
    pending.timer = setTimeout(() => {
      const why = capped
        ? `its hard cap of ${hardCapMs} ms (progress cannot extend a call further)`
        : `${timeoutMs} ms${pending.options.onProgress ? " without progress" : ""}`;
      this.#link.note(`timeout waiting for ${pending.label} (${why}, id ${id})`);
      this.#giveUp(
        id,
        "timeout",
        new ExtensionError(
          "ext_timeout",
          this.#link.name,
          `timeout waiting for extension "${this.#link.name}" to answer ${pending.label} (${why})`,
          { hint: `see: zot ext logs ${this.#link.name}` },
        ),
      );
    }, wait);
  }

  // The host stops waiting: settle now, and tell the extension when it can listen.
  #giveUp(id: string, reason: string, err: Error): void {
    const pending = this.#calls.get(id);
    if (!pending) return;
    this.#settle(id, pending, false);
    if (pending.kind !== "intercept" && this.#link.canCancel()) {
      this.#link.send({ type: "cancel", id, reason });
    }
    pending.reject(err);
  }

  #settle(id: string, pending: Pending, ok: boolean): void {
    this.#calls.delete(id);
    clearTimeout(pending.timer);
    pending.timer = undefined;
    pending.options.signal?.removeEventListener("abort", pending.onAbort);
    this.#link.observe?.(pending.kind, Date.now() - pending.started, ok);
  }
}
