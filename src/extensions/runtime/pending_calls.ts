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
  /** performance.now() when the call was made. */
  started: number;
  options: CallOptions;
  /** performance.now() past which the call times out: its silence window, within the cap. */
  deadline: number;
  /** Whether the deadline is the hard cap, which progress cannot move. */
  capped: boolean;
  resolve(frame: ResponseByKind[RequestKind]): void;
  reject(err: Error): void;
  onAbort: (() => void) | undefined;
}

const RESPONSE_TYPE: { [K in RequestKind]: ResponseByKind[K]["type"] } = {
  command: "command_response",
  tool: "tool_result",
  intercept: "event_intercept_response",
};

/**
 * The in-flight requests of one connection. One timer serves them all: it is set for the
 * earliest deadline and, when it fires, times out what is due and sets itself for the next.
 * A call answered in time touches no timer, so the timer usually outlives its call and is
 * only stopped when the connection closes (failAll).
 */
export class PendingCalls {
  readonly #link: PendingLink;
  readonly #calls = new Map<string, Pending>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** When #timer fires (performance.now() ms); Infinity when it is not set. */
  #timerAt = Infinity;

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
    const { promise, resolve, reject } = Promise.withResolvers<ResponseByKind[K]>();
    const started = performance.now();
    const pending: Pending = {
      kind,
      label,
      started,
      options,
      deadline: started,
      capped: false,
      resolve: resolve as (frame: ResponseByKind[RequestKind]) => void,
      reject,
      onAbort: undefined,
    };
    this.#calls.set(id, pending);
    if (options.signal) {
      pending.onAbort = () => this.#giveUp(id, "aborted", new CancelledError(`${label} cancelled`));
      options.signal.addEventListener("abort", pending.onAbort, { once: true });
    }
    this.#extend(pending, started);
    return promise;
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
    this.#extend(pending, performance.now());
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
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#timerAt = Infinity;
  }

  /** The label of a pending request, for messages. */
  label(id: string): string | undefined {
    return this.#calls.get(id)?.label;
  }

  // (Re)starts the call's silence window, never past its hard cap.
  #extend(pending: Pending, now: number): void {
    const { timeoutMs, hardCapMs } = pending.options;
    const capLeft = hardCapMs === undefined ? Infinity : pending.started + hardCapMs - now;
    pending.capped = capLeft <= timeoutMs;
    pending.deadline = now + Math.max(0, Math.min(timeoutMs, capLeft));
    this.#schedule(pending.deadline);
  }

  // Sets the timer for `at` unless it already fires sooner (it then sets itself again).
  #schedule(at: number): void {
    if (at >= this.#timerAt) return;
    clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = setTimeout(() => this.#expire(), Math.ceil(Math.max(0, at - performance.now())));
  }

  #expire(): void {
    this.#timer = undefined;
    this.#timerAt = Infinity;
    const now = performance.now();
    let next = Infinity;
    for (const [id, pending] of [...this.#calls]) {
      if (pending.deadline <= now) this.#timeOut(id, pending);
      else next = Math.min(next, pending.deadline);
    }
    if (next !== Infinity) this.#schedule(next);
  }

  #timeOut(id: string, pending: Pending): void {
    const { timeoutMs, hardCapMs, onProgress } = pending.options;
    const why = pending.capped
      ? `its hard cap of ${hardCapMs} ms (progress cannot extend a call further)`
      : `${timeoutMs} ms${onProgress ? " without progress" : ""}`;
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
    if (pending.onAbort) pending.options.signal?.removeEventListener("abort", pending.onAbort);
    this.#link.observe?.(pending.kind, performance.now() - pending.started, ok);
  }
}
