/**
 * One extension's live connection: reads and validates frames from stdout, writes host
 * frames through one serial queue (frames never interleave and reach the extension in
 * the order they were sent), and correlates requests with responses by unique,
 * counter-based ids.
 *
 * When the process exits or stdout ends, every pending request fails at once with an
 * ExtensionError naming the extension and its log. Bad input (non-JSON, unknown types,
 * missing fields, oversized lines, stray responses) is logged as `[zot] …` and skipped;
 * it never throws and never stops the read loop.
 */

import { CancelledError, errorMessage, ExtensionError } from "../../errors/mod.ts";
import {
  type DecodedLine,
  encodeFrame,
  type ExtensionFrame,
  type HelloFrame,
  type HostFrame,
  type LineItem,
  LineSplitter,
  loadCodec,
  type ProgressFrame,
} from "../../protocol/mod.ts";
import { type ExtensionLog, snippet } from "./log.ts";
import { describeExit, type ExtensionProcess, type StopReport } from "./process.ts";
import { settlesWithin } from "../../timing/mod.ts";
import {
  type CallOptions,
  PendingCalls,
  type RequestKind,
  type ResponseByKind,
} from "./pending_calls.ts";
import { oversizedAnswer } from "./oversized.ts";
import type { FrameTrace } from "./frame_trace.ts";

export type { CallOptions, CallProgress, RequestKind, ResponseByKind } from "./pending_calls.ts";

/** What the connection reports to its owner. Called synchronously from the read loop. */
export interface ConnectionHandlers {
  /** The first line was a valid hello. */
  onHello(frame: HelloFrame): void;
  /** The first line was not a hello; the connection ignores everything after it. */
  onBadStart(reason: string): void;
  /** A valid frame after hello that is not a response to a request. */
  onFrame(frame: Exclude<ExtensionFrame, ResponseByKind[RequestKind] | ProgressFrame>): void;
  /** Any line after hello, good or bad (keeps the ready idle window open). */
  onActivity(): void;
  /** The connection ended (process exit or stdout EOF); reason like `exited with code 1`. */
  onClosed(reason: string): void;
}

/** Tuning of one connection. */
export interface ConnectionOptions {
  maxLineBytes: number;
  /** Unwritten bytes allowed in the stdin queue before frames are refused. */
  maxQueuedBytes: number;
  /** Unique request ids (shared by the host, so ids are unique across extensions too). */
  nextId: () => string;
  /** Whether the extension listed `cancel` in its hello capabilities. */
  canCancel?: () => boolean;
  /** A request finished after `ms`; for latency figures. */
  observe?: (kind: RequestKind, ms: number, ok: boolean) => void;
  /** `--ext-trace`: sees every line in and out. */
  trace?: FrameTrace;
}

/** The validating decoder, loaded once the extension is spawned (see loadCodec). */
type Decode = (line: string) => DecodedLine;

const encoder = new TextEncoder();

/** How long an exit waits for stdout's EOF (or EOF for the exit status) to agree. */
const SETTLE_MS = 200;

/** The live connection to one extension process. */
export class ExtensionConnection {
  readonly #name: string;
  readonly #proc: ExtensionProcess;
  readonly #log: ExtensionLog;
  readonly #handlers: ConnectionHandlers;
  readonly #options: ConnectionOptions;
  readonly #pending: PendingCalls;
  readonly #splitter: LineSplitter;
  #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  readonly #decode: Promise<Decode>;
  readonly #readDone: Promise<void>;
  #helloSeen = false;
  /** The chunk being split answered a request (see #readLoop). */
  #answered = false;
  #badStart = false;
  #closeReason: string | undefined;
  // write queue
  // Frames wait as strings and each batch is encoded once: far cheaper than encoding
  // every frame and concatenating the bytes. Sizes are counted in UTF-16 code units,
  // which equal bytes for ASCII and stay within a small factor otherwise.
  #queue: string[] = [];
  #queuedBytes = 0;
  #pump: Promise<void> | undefined;
  #writeBroken = false;
  #stdinClosing = false;
  #overflowed = false;

  constructor(
    name: string,
    proc: ExtensionProcess,
    log: ExtensionLog,
    handlers: ConnectionHandlers,
    options: ConnectionOptions,
  ) {
    this.#name = name;
    this.#proc = proc;
    this.#log = log;
    this.#handlers = handlers;
    this.#options = options;
    this.#splitter = new LineSplitter({ maxLineBytes: options.maxLineBytes, sampleBytes: 512 });
    this.#pending = new PendingCalls({
      name,
      send: (frame) => this.send(frame),
      canCancel: () => options.canCancel?.() ?? false,
      note: (text) => log.note(text),
      observe: options.observe,
    });
    // The validating decoder (zod) loads now, after the spawn, while the extension boots.
    this.#decode = loadCodec().then((codec) => codec.decodeLine);
    this.#readDone = this.#readLoop();
    void proc.status.then(async (status) => {
      // Lines written before a quick exit wait for the decoder: the settle window starts after.
      await this.#decode.catch(() => {});
      await settlesWithin(this.#readDone, SETTLE_MS);
      this.#close(describeExit(status));
    });
  }

  /** Why the connection ended, or undefined while it is open. */
  get closeReason(): string | undefined {
    return this.#closeReason;
  }

  /** Whether frames can still be sent. */
  get open(): boolean {
    return this.#closeReason === undefined && !this.#writeBroken && !this.#stdinClosing;
  }

  /** Requests awaiting a response. */
  get pendingCount(): number {
    return this.#pending.size;
  }

  /** Fails every pending request at once with the error `error` builds from its label. */
  failPending(error: (label: string) => Error): void {
    this.#pending.failAll(error);
  }

  /** Queues a frame; false (and nothing sent) when closed or the extension is not reading. */
  send(frame: HostFrame): boolean {
    if (!this.open) return false;
    const line = encodeFrame(frame);
    // Once over the cap, refuse everything until the queue has drained: a small frame
    // squeezing in behind a stuck backlog would only wait there until it timed out.
    if (this.#overflowed || this.#queuedBytes + line.length > this.#options.maxQueuedBytes) {
      if (!this.#overflowed) {
        this.#overflowed = true;
        this.#log.note(
          `stdin backlog over ${this.#options.maxQueuedBytes} bytes (the extension is not ` +
            `reading its stdin); dropping frames until it catches up`,
        );
      }
      return false;
    }
    this.#options.trace?.record(this.#name, "out", line.slice(0, -1));
    this.#queue.push(line);
    this.#queuedBytes += line.length;
    this.#pump ??= this.#writeLoop();
    return true;
  }

  /**
   * Sends a request built around a fresh id and resolves with its response. Rejects with
   * ExtensionError on timeout, exit, a too-large answer, or when the frame cannot be sent,
   * and with CancelledError when the signal aborts; a timed-out or aborted command or
   * tool call is followed by `cancel` to an extension that takes it.
   */
  request<K extends RequestKind>(
    kind: K,
    label: string,
    build: (id: string) => HostFrame,
    options: CallOptions,
  ): Promise<ResponseByKind[K]> {
    if (this.#closeReason !== undefined || this.#writeBroken || this.#stdinClosing) {
      return Promise.reject(this.notRunningError());
    }
    if (options.signal?.aborted) return Promise.reject(new CancelledError(`${label} cancelled`));
    const id = this.#options.nextId();
    const answer = this.#pending.add(id, kind, label, options);
    if (!this.send(build(id))) {
      this.#pending.fail(id, this.open ? this.#backlogError(label) : this.notRunningError());
    }
    return answer;
  }

  /** The error for a request to this extension when it is not running. */
  notRunningError(): ExtensionError {
    return notRunningError(this.#name);
  }

  /**
   * Graceful stop: sends `shutdown`, lets queued frames drain until the deadline, closes
   * stdin, then runs the process's stop ladder and ends the read loop.
   */
  async shutdown(deadline: number, killGraceMs: number, sendShutdown = true): Promise<StopReport> {
    if (sendShutdown) this.send({ type: "shutdown" });
    if (this.#pump) await settlesWithin(this.#pump, Math.max(0, deadline - Date.now()));
    this.#stdinClosing = true;
    const report = await this.#proc.stop(deadline, killGraceMs);
    if (!(await settlesWithin(this.#readDone, 500))) {
      await this.#reader?.cancel().catch(() => {});
      await this.#readDone;
    }
    if (this.#pump) await settlesWithin(this.#pump, 200);
    this.#close(describeExit(report.status));
    return report;
  }

  #backlogError(label: string): ExtensionError {
    return new ExtensionError(
      "ext_backlogged",
      this.#name,
      `cannot send ${label} to extension "${this.#name}": it is not reading its stdin`,
      { hint: `see: zot ext logs ${this.#name}` },
    );
  }

  async #writeLoop(): Promise<void> {
    while (this.#queue.length > 0 && !this.#writeBroken) {
      const batch = this.#queue.length === 1 ? this.#queue[0] : this.#queue.join("");
      this.#queue = [];
      try {
        await this.#proc.write(encoder.encode(batch));
      } catch (err) {
        this.#writeBroken = true;
        this.#queue = [];
        this.#queuedBytes = 0;
        if (!this.#stdinClosing) {
          this.#log.note(`writing to the extension's stdin failed: ${errorMessage(err)}`);
          void settlesWithin(this.#proc.status, SETTLE_MS).then(() => {
            const status = this.#proc.exitStatus;
            this.#close(status ? describeExit(status) : "stopped reading its stdin");
          });
        }
        break;
      }
      this.#queuedBytes -= batch.length;
    }
    this.#pump = undefined;
    if (this.#overflowed && !this.#writeBroken) {
      this.#overflowed = false;
      this.#log.note("stdin backlog drained; sending frames again");
    }
  }

  async #readLoop(): Promise<void> {
    const reader = this.#proc.stdout.getReader();
    this.#reader = reader;
    try {
      const decodeLine = await this.#decode;
      const emit = (item: LineItem) => this.#onItem(item, decodeLine);
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.#answered = false;
        this.#splitter.push(value, emit);
        // A caller just got its answer: it runs (and often sends its next request) before
        // this loop asks the pipe for more, which is work off the round trip's path.
        if (this.#answered) await new Promise((resolve) => setImmediate(resolve));
      }
      this.#splitter.flush(emit);
    } catch (err) {
      if (this.#closeReason === undefined && !this.#stdinClosing) {
        this.#log.note(`reading the extension's stdout failed: ${errorMessage(err)}`);
      }
    } finally {
      reader.releaseLock();
    }
    void settlesWithin(this.#proc.status, SETTLE_MS).then(() => {
      const status = this.#proc.exitStatus;
      this.#close(status ? describeExit(status) : "closed its stdout");
    });
  }

  #onItem(item: LineItem, decodeLine: Decode): void {
    // After the leader exited, a stray child may still hold stdout: its lines are not
    // the extension talking, so they are not acted on.
    if (this.#badStart || this.#closeReason !== undefined) return;
    const trace = this.#options.trace;
    if (trace) {
      if (item.kind === "line") trace.record(this.#name, "in", item.line);
      else trace.recordOversized(this.#name, item.bytes);
    }
    if (!this.#helloSeen) {
      this.#onFirstItem(item, decodeLine);
      return;
    }
    this.#handlers.onActivity();
    if (item.kind === "oversized") {
      this.#log.diagnostic(
        `dropped a ${item.bytes}-byte line, over the ${item.limit}-byte limit; ` +
          `a frame must be one line under the limit`,
      );
      const failed = oversizedAnswer(this.#name, item, (id) => this.#pending.label(id));
      if (failed) this.#pending.fail(failed.id, failed.error);
      return;
    }
    const decoded = decodeLine(item.line);
    switch (decoded.kind) {
      case "malformed":
        this.#log.diagnostic(
          `malformed json from extension (${decoded.reason}): ${snippet(item.line)}`,
        );
        return;
      case "unknown_type":
        this.#log.diagnostic(`unknown frame type ${JSON.stringify(decoded.frameType)}; ignored`);
        return;
      case "invalid":
        this.#log.diagnostic(
          `bad ${decoded.frameType} frame (${decoded.reason}); ignored: ${snippet(item.line)}`,
        );
        return;
    }
    const frame = decoded.frame;
    switch (frame.type) {
      case "tool_result":
      case "command_response":
      case "event_intercept_response": {
        const problem = this.#pending.answer(frame);
        if (problem) this.#log.diagnostic(problem);
        else this.#answered = true;
        return;
      }
      case "progress": {
        const problem = this.#pending.progress(frame);
        if (problem) this.#log.diagnostic(problem);
        return;
      }
      case "hello":
        this.#log.diagnostic("a second hello frame; ignored");
        return;
      default:
        this.#handlers.onFrame(frame);
    }
  }

  #onFirstItem(item: LineItem, decodeLine: Decode): void {
    let reason: string;
    if (item.kind === "oversized") {
      reason = `first line is over ${item.limit} bytes`;
    } else {
      const decoded = decodeLine(item.line);
      if (decoded.kind === "frame" && decoded.frame.type === "hello") {
        this.#helloSeen = true;
        this.#handlers.onHello(decoded.frame);
        return;
      }
      reason = decoded.kind === "frame"
        ? `first frame must be hello (got ${decoded.frame.type})`
        : decoded.kind === "unknown_type"
        ? `first frame must be hello (got unknown type ${JSON.stringify(decoded.frameType)})`
        : decoded.kind === "invalid"
        ? `first frame must be hello (got a bad ${decoded.frameType}: ${decoded.reason})`
        : `first frame must be hello (got ${decoded.reason}: ${snippet(item.line)})`;
    }
    this.#badStart = true;
    this.#handlers.onBadStart(reason);
  }

  #close(reason: string): void {
    if (this.#closeReason !== undefined) return;
    this.#closeReason = reason;
    this.#queue = [];
    this.#queuedBytes = 0;
    this.#handlers.onClosed(reason);
    // The owner may already have failed them (saying it restarts); the rest fail here.
    this.#pending.failAll((label) =>
      new ExtensionError(
        "ext_exited",
        this.#name,
        `extension "${this.#name}" ${reason} while ${label} was pending`,
        { hint: `see: zot ext logs ${this.#name}` },
      )
    );
  }
}

/** `extension "x" is not running; see: zot ext logs x`. */
export function notRunningError(name: string): ExtensionError {
  return new ExtensionError("ext_not_running", name, `extension "${name}" is not running`, {
    hint: `see: zot ext logs ${name}`,
  });
}
