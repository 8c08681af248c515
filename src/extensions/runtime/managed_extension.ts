/**
 * One extension under the host's care: spawn, hello (with a deadline), hello_ack,
 * registrations, ready (frame, idle window or startup deadline), pushes to the UI,
 * exit, and the stop ladder. States: starting → ready → exited, or starting → refused.
 */

import { resolve } from "node:path";
import { errorMessage } from "../../errors/mod.ts";
import {
  EVENT_NAMES,
  type EventName,
  type ExtensionFrame,
  type HelloFrame,
  HOST_FEATURES,
  type HostFrame,
  INTERCEPTABLE_EVENTS,
  type InterceptableEvent,
  PROTOCOL_REVISION,
  PROTOCOL_VERSION,
  type RegisterToolFrame,
} from "../../protocol/mod.ts";
import { answerUiRequest } from "./ui_requests.ts";
import { checkToolSchema, type JsonSchema } from "../../schema/mod.ts";
import {
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
import type { ExtensionLog } from "./log.ts";
import { ExtensionProcess } from "./process.ts";
import type { CommandEntry, RegistrationSource, Registry, ToolEntry } from "./registry.ts";
import type { LaunchSpec } from "../manifest/mod.ts";

/** What an extension needs from its host. */
export interface HostLink {
  readonly options: HostOptions;
  readonly callbacks: HostCallbacks;
  readonly registry: Registry<ManagedExtension>;
  context(): HostContext;
  nextId(): string;
}

const COMMAND_NAME = /^[^\s/\p{Cc}][^\s\p{Cc}]{0,63}$/u;
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The name zot uses for a registered command (one leading "/" dropped); undefined if unusable. */
export function usableCommandName(name: string): string | undefined {
  const bare = name.startsWith("/") ? name.slice(1) : name;
  return COMMAND_NAME.test(bare) ? bare : undefined;
}

/** Whether a tool name is one providers accept (letters, digits, "_" and "-", at most 64). */
export function isUsableToolName(name: string): boolean {
  return TOOL_NAME.test(name);
}

const EMPTY_SCHEMA: JsonSchema = { type: "object", properties: {} };

/** One extension and its process. */
export class ManagedExtension implements RegistrationSource {
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
    });
    const helloMs = this.#link.options.helloTimeoutMs;
    this.#helloTimer = setTimeout(() => {
      this.#helloTimer = undefined;
      this.refuse(`no hello within ${helloMs} ms`);
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

  /** Sends a request and awaits its response; rejects with ExtensionError / CancelledError. */
  request<K extends RequestKind>(
    kind: K,
    label: string,
    build: (id: string) => HostFrame,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<ResponseByKind[K]> {
    if (!this.#conn || !this.running) return Promise.reject(notRunningError(this.name));
    return this.#conn.request(kind, label, build, timeoutMs, signal);
  }

  /** This extension's status. */
  status(): ExtensionStatus {
    const status: ExtensionStatus = {
      name: this.spec.name,
      source: this.spec.source,
      dir: this.spec.dir,
      state: this.#state,
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
    if (this.#conn) {
      const acked = this.#accepted && this.#conn.open;
      const report = await this.#conn.shutdown(deadline, this.#link.options.killGraceMs, acked);
      const ladder = report.escalation === "none"
        ? ""
        : `; it had to be sent ${report.escalation} (did not exit in time)`;
      const strays = report.strays === "empty"
        ? ""
        : `; leftover processes in its group were ${report.strays}`;
      this.#log.note(`stopped at ${new Date().toISOString()}${ladder}${strays}`);
    }
    await this.#log.close();
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
    this.#accepted = true;
    const ctx = this.#link.context();
    this.#conn?.send({
      type: "hello_ack",
      protocol_version: PROTOCOL_VERSION,
      zot_version: ctx.zotVersion ?? "",
      provider: ctx.provider,
      model: ctx.model,
      cwd: ctx.cwd,
      extension_dir: resolve(this.spec.dir),
      data_dir: this.#dataDir,
      // A v1 hello gets the v1 hello_ack, byte for byte; 1.1 is negotiated, not imposed.
      ...(frame.protocol ? { protocol: PROTOCOL_REVISION, features: [...HOST_FEATURES] } : {}),
    });
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
    this.#settle();
    this.#changed();
  }

  #onFrame(frame: ExtensionFrame): void {
    switch (frame.type) {
      case "register_command": {
        const name = usableCommandName(frame.name);
        if (name === undefined) {
          this.#log.diagnostic(`command name ${JSON.stringify(frame.name)} is not usable; skipped`);
          return;
        }
        this.#link.registry.addCommand(this, { name, description: frame.description ?? "" });
        return;
      }
      case "register_tool":
        this.#registerTool(frame);
        return;
      case "subscribe":
        this.#subscribe(frame.events, frame.intercept);
        return;
      case "ready":
        this.#markReady("frame");
        return;
      case "notify":
        this.#call(
          "onNotify",
          (cb) =>
            cb.onNotify?.({ extension: this.name, level: frame.level, message: frame.message }),
        );
        return;
      case "submit":
        this.#call("onSubmit", (cb) => cb.onSubmit?.({ extension: this.name, text: frame.text }));
        return;
      case "panel_render":
        this.#call("onPanelRender", (cb) =>
          cb.onPanelRender?.({
            extension: this.name,
            panelId: frame.panel_id,
            ...(frame.title !== undefined ? { title: frame.title } : {}),
            ...(frame.lines !== undefined ? { lines: frame.lines } : {}),
            ...(frame.footer !== undefined ? { footer: frame.footer } : {}),
          }));
        return;
      case "panel_close":
        this.#call(
          "onPanelClose",
          (cb) => cb.onPanelClose?.({ extension: this.name, panelId: frame.panel_id }),
        );
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

  #registerTool(frame: RegisterToolFrame): void {
    if (!isUsableToolName(frame.name)) {
      this.#log.diagnostic(
        `tool name ${JSON.stringify(frame.name)} is not usable (letters, digits, "_" and "-", ` +
          `at most 64); skipped`,
      );
      return;
    }
    let schema = frame.schema;
    if (schema === undefined) {
      this.#log.note(`tool "${frame.name}" has no schema; using an empty object schema`);
      schema = EMPTY_SCHEMA;
    }
    const problems = checkToolSchema(schema);
    if (problems.length > 0) {
      this.#log.diagnostic(
        `tool "${frame.name}": invalid schema (${problems.join("; ")}); skipped`,
      );
      return;
    }
    this.#link.registry.addTool(this, {
      name: frame.name,
      description: frame.description ?? "",
      schema,
    });
  }

  #subscribe(events: string[], intercept: string[]): void {
    for (const event of events) {
      if ((EVENT_NAMES as readonly string[]).includes(event)) {
        this.subscriptions.add(event as EventName);
      } else {
        this.#log.diagnostic(`subscribe: unknown event ${JSON.stringify(event)}; ignored`);
      }
    }
    for (const event of intercept) {
      if ((INTERCEPTABLE_EVENTS as readonly string[]).includes(event)) {
        this.intercepts.add(event as InterceptableEvent);
      } else {
        this.#log.diagnostic(
          `subscribe: ${JSON.stringify(event)} cannot be intercepted (only ` +
            `${INTERCEPTABLE_EVENTS.join(", ")}); ignored`,
        );
      }
    }
  }

  #call(name: keyof HostCallbacks, fn: (cb: HostCallbacks) => void): void {
    try {
      fn(this.#link.callbacks);
    } catch (err) {
      this.#log.note(`host callback ${name} failed: ${errorMessage(err)}`);
    }
  }

  #onClosed(reason: string): void {
    this.#clearTimers();
    this.#closed.abort();
    if (this.#state === "refused" || this.#state === "exited") {
      this.#log.note(`process ${reason}`);
      return;
    }
    const stopping = this.#stopping !== undefined;
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
