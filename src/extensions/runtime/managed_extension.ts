/**
 * One extension under the host's care: spawn, hello (with a deadline), hello_ack,
 * registrations, ready (frame, idle window or startup deadline), pushes to the UI,
 * exit, supervision, and the stop ladder. States: starting → ready → exited, or
 * starting → refused; a ready extension that dies goes ready → restarting → starting
 * (again) → ready, or → quarantined after repeated crashes (see supervision.ts).
 */

import { errorMessage } from "../../errors/mod.ts";
import {
  type EventName,
  type ExtensionFrame,
  type HelloFrame,
  type HostFrame,
  type InterceptableEvent,
} from "../../protocol/mod.ts";
import { answerUiRequest } from "./ui_requests.ts";
import { callLimits, helloAck } from "./handshake.ts";
import {
  type CallOptions,
  ExtensionConnection,
  notRunningError,
  type RequestKind,
  type ResponseByKind,
} from "./connection.ts";
import type {
  ExtensionState,
  ExtensionStatus,
  HostCallbacks,
  HostContext,
  HostOptions,
  ReadyVia,
} from "./host_types.ts";
import type { HostedExtension } from "./hosted.ts";
import type { ExtensionLog } from "./log.ts";
import { LatencyStats, Supervisor, unavailableError } from "./supervision.ts";
import { registerCommand, registerTool, subscribe } from "./registrations.ts";
import type { FrameTrace } from "./frame_trace.ts";
import { NoticeLimiter } from "./notice_limiter.ts";
import { callHost, forwardPush } from "./pushes.ts";
import { describeStop, ExtensionProcess } from "./process.ts";
import type { CommandEntry, Registry, ToolEntry } from "./registry.ts";
import type { LaunchSpec } from "../manifest/mod.ts";

/** What an extension needs from its host. */
export interface HostLink {
  readonly options: HostOptions;
  readonly callbacks: HostCallbacks;
  readonly registry: Registry<HostedExtension>;
  context(): HostContext;
  nextId(): string;
  /** The frame trace, under `--ext-trace`. */
  readonly trace?: FrameTrace;
}

/** One extension and its process. */
export class ManagedExtension implements HostedExtension {
  readonly spec: LaunchSpec;
  readonly index: number;
  readonly commands = new Map<string, CommandEntry>();
  readonly tools = new Map<string, ToolEntry>();
  readonly subscriptions = new Set<EventName>();
  readonly intercepts = new Set<InterceptableEvent>();
  readonly #link: HostLink;
  readonly #log: ExtensionLog;
  readonly #dataDir: string;
  #state: ExtensionState = "starting";
  #reason: string | undefined;
  #readyVia: ReadyVia | undefined;
  #accepted = false;
  #helloVersion: string | undefined;
  #capabilities = new Set<string>();
  readonly #supervisor: Supervisor;
  readonly #latency = new LatencyStats();
  /** Registrations of the crashed process, dropped when its successor says hello. */
  #stale = false;
  readonly #notices: NoticeLimiter;
  #proc: ExtensionProcess | undefined;
  #conn: ExtensionConnection | undefined;
  #helloTimer: ReturnType<typeof setTimeout> | undefined;
  #idleTimer: ReturnType<typeof setTimeout> | undefined;
  #lastActivity = 0;
  #stopping: Promise<void> | undefined;
  /** Aborted when the process is gone: open dialogs close. */
  readonly #closed = new AbortController();
  readonly #openDialogs = new Set<string>();
  #settle!: () => void;
  /** Resolves once the extension is ready, refused or exited. */
  readonly settled: Promise<void>;

  constructor(spec: LaunchSpec, index: number, log: ExtensionLog, dataDir: string, link: HostLink) {
    this.spec = spec;
    this.index = index;
    this.#log = log;
    this.#dataDir = dataDir;
    this.#link = link;
    this.#supervisor = new Supervisor(link.options.supervision);
    const rate = link.options.noticeLimit;
    this.#notices = new NoticeLimiter((dropped) => {
      const why = `more than ${rate.perSecond} a second`;
      this.#log.note(`dropped ${dropped} notices (${why})`);
      this.#call("onNotify", (cb) =>
        cb.onNotify?.({
          extension: this.name,
          level: "warn",
          message: `${dropped} more notices from this extension were dropped (${why})`,
        }));
    }, rate);
    this.settled = new Promise((resolve) => (this.#settle = resolve));
  }

  /** The extension's name (the LaunchSpec's; a differing hello name is only logged). */
  get name(): string {
    return this.spec.name;
  }

  /** Said hello; only accepted extensions own names. */
  get accepted(): boolean {
    return this.#accepted;
  }

  /** Lifecycle state. */
  get state(): ExtensionState {
    return this.#state;
  }

  /** Accepted and still able to take requests. */
  get running(): boolean {
    return this.#accepted && (this.#state === "starting" || this.#state === "ready") &&
      (this.#conn?.open ?? false);
  }

  /** Writes a `[zot]` line to this extension's log. */
  note(text: string): void {
    this.#log.note(text);
  }

  /** Spawns the process and arms the hello deadline; a failure refuses the extension. */
  launch(): void {
    const spec = this.spec;
    this.#log.note(
      `starting ${spec.name}${spec.version ? "/" + spec.version : ""} at ${
        new Date().toISOString()
      }`,
    );
    if (this.#log.problem) this.#log.note(this.#log.problem);
    try {
      this.#proc = ExtensionProcess.spawn(spec, this.#log);
    } catch (err) {
      this.refuse(errorMessage(err));
      return;
    }
    this.#log.note(`spawned pid ${this.#proc.pid}: ${[spec.command, ...spec.args].join(" ")}`);
    this.#conn = new ExtensionConnection(spec.name, this.#proc, this.#log, {
      onHello: (frame) => this.#onHello(frame),
      onBadStart: (reason) => this.refuse(reason),
      onFrame: (frame) => this.#onFrame(frame),
      onActivity: () => this.#armIdle(),
      onClosed: (reason) => this.#onClosed(reason),
    }, {
      maxLineBytes: this.#link.options.maxLineBytes,
      maxQueuedBytes: this.#link.options.maxQueuedBytes,
      nextId: () => this.#link.nextId(),
      canCancel: () => this.#capabilities.has("cancel"),
      observe: (_kind, ms, ok) => this.#latency.add(ms, ok),
      trace: this.#link.trace,
    });
    const helloMs = this.startupMs;
    this.#helloTimer = setTimeout(() => {
      this.#helloTimer = undefined;
      this.refuse(
        `never said hello: zot waited ${helloMs} ms` +
          (this.spec.timeouts?.startup === undefined
            ? ` (raise "timeouts": {"startup": …} in its extension.json if it starts slowly)`
            : ` (its "timeouts.startup")`),
      );
    }, helloMs);
  }

  /** Refuses the extension (before or instead of hello) and stops its process. */
  refuse(reason: string): void {
    if (this.#state === "refused" || this.#state === "exited") return;
    this.#clearTimers();
    this.#state = "refused";
    this.#reason = reason;
    this.#log.note(`refused: ${reason}`);
    this.#settle();
    this.#changed();
    void this.stop(Date.now());
  }

  /** The startup deadline passed: an accepted extension still starting counts as ready. */
  readyByDeadline(): void {
    if (this.#state !== "starting" || !this.#accepted) return;
    this.#log.note("timed out waiting for ready frame; proceeding");
    this.#markReady("deadline");
  }

  /** Queues a one-way frame; false when the extension cannot take it. */
  send(frame: HostFrame): boolean {
    return this.running && (this.#conn?.send(frame) ?? false);
  }

  /** How long this extension may take to say hello: its manifest's, else the host's. */
  get startupMs(): number {
    return this.spec.timeouts?.startup ?? this.#link.options.helloTimeoutMs;
  }

  /**
   * Sends a request and awaits its response; rejects with ExtensionError / CancelledError.
   * The timeout is the manifest's for this kind, else the host's; progress may extend a
   * call up to the kind's cap.
   */
  request<K extends RequestKind>(
    kind: K,
    label: string,
    build: (id: string) => HostFrame,
    options: Omit<CallOptions, "timeoutMs" | "hardCapMs"> = {},
  ): Promise<ResponseByKind[K]> {
    if (this.#state === "restarting" || this.#state === "quarantined") {
      return Promise.reject(this.#unavailable());
    }
    if (!this.#conn || !this.running) return Promise.reject(notRunningError(this.name));
    const limits = callLimits(kind, this.spec, this.#link.options);
    return this.#conn.request(kind, label, build, { ...options, ...limits });
  }

  /** This extension's status. */
  status(): ExtensionStatus {
    const status: ExtensionStatus = {
      name: this.spec.name,
      source: this.spec.source,
      dir: this.spec.dir,
      state: this.#state,
      ...this.#supervisor.figures(this.#state),
      ...this.#latency.figures(),
    };
    if (this.#reason !== undefined) status.reason = this.#reason;
    if (this.#proc) status.pid = this.#proc.pid;
    const version = this.spec.version ?? this.#helloVersion;
    if (version !== undefined) status.version = version;
    if (this.#readyVia) status.readyVia = this.#readyVia;
    if (this.#log.path) status.logFile = this.#log.path;
    return status;
  }

  /**
   * Stops the extension: `shutdown` (when it said hello), exit by `deadline`, then the
   * signal ladder; closes the log. Idempotent.
   */
  stop(deadline: number): Promise<void> {
    this.#stopping ??= this.#runStop(deadline);
    return this.#stopping;
  }

  /** Last resort at process exit: SIGKILL the group now. */
  killNow(): void {
    this.#proc?.killNow();
  }

  async #runStop(deadline: number): Promise<void> {
    this.#clearTimers();
    this.#closed.abort();
    this.#supervisor.cancelRestart();
    if (this.#state === "restarting") {
      this.#state = "exited";
      this.#reason = `stopped by zot while restarting (${this.#reason ?? ""})`;
    }
    await this.#supervisor.reaping;
    try {
      await this.#stopConnection(deadline);
    } finally {
      // After the read loop ended no notice can arrive: report the last drops, clear the timer.
      this.#notices.flush();
    }
    await this.#log.close();
  }

  async #stopConnection(deadline: number): Promise<void> {
    if (this.#conn) {
      const acked = this.#accepted && this.#conn.open;
      const report = await this.#conn.shutdown(deadline, this.#link.options.killGraceMs, acked);
      this.#log.note(`stopped at ${new Date().toISOString()}${describeStop(report)}`);
    }
  }

  #onHello(frame: HelloFrame): void {
    if (this.#state !== "starting") return;
    clearTimeout(this.#helloTimer);
    this.#helloTimer = undefined;
    if (frame.name !== this.spec.name) {
      this.#log.note(
        `warning: hello name ${JSON.stringify(frame.name)} differs from the manifest name ` +
          `${JSON.stringify(this.spec.name)}; loaded as ${JSON.stringify(this.spec.name)}`,
      );
    }
    this.#helloVersion = frame.version;
    if (this.#stale) {
      // A restarted process registers afresh; what its predecessor registered goes.
      this.#stale = false;
      this.commands.clear();
      this.tools.clear();
      this.subscriptions.clear();
      this.intercepts.clear();
    }
    this.#capabilities = new Set(frame.capabilities);
    this.#accepted = true;
    this.#conn?.send(helloAck(frame, this.#link.context(), this.spec, this.#dataDir));
    this.#armIdle();
    this.#changed();
  }

  /**
   * Restarts the ready idle window. A frame flood before ready calls this per frame, so it
   * only stamps the time: the one timer, when it fires early, sleeps for what is left.
   */
  #armIdle(): void {
    if (this.#state !== "starting" || !this.#accepted) return;
    this.#lastActivity = performance.now();
    if (this.#idleTimer === undefined) this.#scheduleIdle(this.#link.options.readyIdleMs);
  }

  #scheduleIdle(delay: number): void {
    this.#idleTimer = setTimeout(() => {
      this.#idleTimer = undefined;
      if (this.#state !== "starting") return;
      const ms = this.#link.options.readyIdleMs;
      const left = this.#lastActivity + ms - performance.now();
      if (left >= 1) {
        this.#scheduleIdle(left);
        return;
      }
      this.#log.note(`no ready frame; auto-readying after ${ms} ms idle`);
      this.#markReady("idle");
    }, delay);
  }

  #markReady(via: ReadyVia): void {
    if (this.#state !== "starting") return;
    clearTimeout(this.#idleTimer);
    this.#idleTimer = undefined;
    this.#state = "ready";
    this.#readyVia = via;
    if (this.#supervisor.ready()) {
      this.#log.note(`restarted and ready at ${new Date().toISOString()}`);
    }
    this.#settle();
    this.#changed();
  }

  #onFrame(frame: ExtensionFrame): void {
    switch (frame.type) {
      case "register_command":
        registerCommand<HostedExtension>(this, this.#link.registry, this.#log, frame);
        return;
      case "register_tool":
        registerTool<HostedExtension>(this, this.#link.registry, this.#log, frame);
        return;
      case "subscribe":
        subscribe(this, this.#log, frame.events, frame.intercept);
        return;
      case "ready":
        this.#markReady("frame");
        return;
      case "notify":
        if (this.#notices.admit()) forwardPush(this.name, frame, (n, fn) => this.#call(n, fn));
        return;
      case "submit":
      case "panel_render":
      case "panel_close":
        forwardPush(this.name, frame, (n, fn) => this.#call(n, fn));
        return;
      case "shutdown_ack":
        this.#log.note("shutdown acknowledged");
        return;
      case "ui_request":
        void answerUiRequest(frame, {
          name: this.name,
          callbacks: this.#link.callbacks,
          note: (text) => this.#log.note(text),
          diagnostic: (text) => this.#log.diagnostic(text),
          send: (answer) => this.send(answer),
          closed: this.#closed.signal,
          open: this.#openDialogs,
        });
        return;
    }
  }

  #call(name: keyof HostCallbacks, fn: (cb: HostCallbacks) => void): void {
    callHost(this.#link.callbacks, this.#log, name, fn);
  }

  #onClosed(reason: string): void {
    this.#clearTimers();
    this.#closed.abort();
    if (this.#state === "refused" || this.#state === "exited") {
      this.#log.note(`process ${reason}`);
      return;
    }
    const stopping = this.#stopping !== undefined;
    if (!stopping && this.#supervisor.everReady) {
      this.#crashed(reason);
      return;
    }
    if (!this.#accepted) {
      this.refuse(stopping ? `stopped by zot before hello (${reason})` : `${reason} before hello`);
      return;
    }
    this.#state = "exited";
    this.#reason = stopping ? `stopped by zot (${reason})` : reason;
    this.#log.note(`extension ${this.name} ${reason} at ${new Date().toISOString()}`);
    this.#settle();
    this.#changed();
    if (!stopping) void this.stop(Date.now());
  }

  // Died after it was ready: fail its calls now, reap its process group, and restart it
  // after a backoff, or quarantine it when it keeps crashing.
  #crashed(reason: string): void {
    const conn = this.#conn;
    const reaping = conn?.shutdown(Date.now(), this.#link.options.killGraceMs, false);
    const outcome = this.#supervisor.crashed(this.name, reason, reaping, () => this.#relaunch());
    this.#state = outcome.state;
    this.#reason = outcome.reason;
    this.#log.note(outcome.logLine);
    conn?.failPending((label) => this.#unavailable(label));
    this.#conn = undefined;
    this.#stale = true;
    this.#changed();
    const { notice } = outcome;
    // Told once: further calls fail quietly with the same reason.
    if (notice) this.#call("onNotify", (cb) => cb.onNotify?.(notice));
  }

  #relaunch(): void {
    if (this.#stopping !== undefined || this.#state !== "restarting") return;
    this.#supervisor.countRestart();
    this.#state = "starting";
    this.#accepted = false;
    this.#readyVia = undefined;
    this.#capabilities = new Set();
    this.launch();
    this.#changed();
  }

  #unavailable(label?: string): Error {
    const ext = { name: this.name, state: this.#state, reason: this.#reason };
    return unavailableError({ ...ext, lastError: this.#supervisor.lastError }, label);
  }

  #clearTimers(): void {
    clearTimeout(this.#helloTimer);
    clearTimeout(this.#idleTimer);
    this.#helloTimer = undefined;
    this.#idleTimer = undefined;
  }

  #changed(): void {
    this.#call("onStatusChange", (cb) => cb.onStatusChange?.(this.status()));
  }
}
