/**
 * An MCP server as a zot extension. It adapts the official SDK's Client to what the host
 * expects of any extension (HostedExtension): `initialize` plays the part of hello, the
 * server's tools and prompts are registered as tools and commands, and the host's
 * `tool_call` / `command_invoked` requests are answered with MCP calls. States and
 * supervision as for an NDJSON extension: starting → ready → exited, or starting → refused;
 * a server that dies after it was ready is restarted after a backoff (→ restarting →
 * starting → ready), and quarantined when it keeps crashing.
 */

import { CancelledError, errorMessage, ExtensionError } from "../../../errors/mod.ts";
import type {
  CommandInvokedFrame,
  CommandResponseFrame,
  EventName,
  HostFrame,
  InterceptableEvent,
  ToolCallFrame,
  ToolResultFrame,
} from "../../../protocol/mod.ts";
import type { LaunchSpec } from "../../manifest/mod.ts";
import { callLimits } from "../handshake.ts";
import { callHost } from "../pushes.ts";
import type { RequestKind, ResponseByKind } from "../connection.ts";
import type { ExtensionState, ExtensionStatus } from "../host_types.ts";
import type { HostedExtension, RequestOptions } from "../hosted.ts";
import type { ExtensionLog } from "../log.ts";
import type { HostLink } from "../managed_extension.ts";
import { LatencyStats, Supervisor, unavailableError } from "../supervision.ts";
import { settlesWithin } from "../../../timing/mod.ts";
import { McpSession, type SessionCall } from "./session.ts";
import type { McpPromptEntry, McpToolEntry } from "./catalog.ts";
import { promptArguments } from "./names.ts";
import { errorResultFrame, promptText, toolResultFrame } from "./results.ts";
import { ErrorCode, McpError } from "./sdk.ts";

/** One MCP server under the host's care. */
export class McpExtension implements HostedExtension {
  readonly spec: LaunchSpec;
  readonly index: number;
  readonly commands = new Map<string, McpPromptEntry>();
  readonly tools = new Map<string, McpToolEntry>();
  /** MCP servers see no lifecycle events and intercept nothing. */
  readonly subscriptions = new Set<EventName>();
  readonly intercepts = new Set<InterceptableEvent>();
  readonly #link: HostLink;
  readonly #log: ExtensionLog;
  #state: ExtensionState = "starting";
  #reason: string | undefined;
  #accepted = false;
  #session: McpSession | undefined;
  #stopping: Promise<void> | undefined;
  readonly #supervisor: Supervisor;
  readonly #latency = new LatencyStats();
  #settle!: () => void;
  /** Resolves once the server is ready, refused or exited. */
  readonly settled: Promise<void>;

  constructor(spec: LaunchSpec, index: number, log: ExtensionLog, link: HostLink) {
    this.spec = spec;
    this.index = index;
    this.#log = log;
    this.#link = link;
    this.#supervisor = new Supervisor(link.options.supervision);
    this.settled = new Promise((resolve) => (this.#settle = resolve));
  }

  /** The extension's name. */
  get name(): string {
    return this.spec.name;
  }

  /** Initialized; only accepted extensions own names. */
  get accepted(): boolean {
    return this.#accepted;
  }

  /** Lifecycle state. */
  get state(): ExtensionState {
    return this.#state;
  }

  /** Initialized and still connected. */
  get running(): boolean {
    return this.#accepted && (this.#state === "starting" || this.#state === "ready") &&
      (this.#session?.open ?? false);
  }

  /** Writes a `[zot]` line to this extension's log. */
  note(text: string): void {
    this.#log.note(text);
  }

  /** Connects (spawning a stdio server first); a failure refuses the extension. */
  launch(): void {
    const spec = this.spec;
    this.#log.note(`starting MCP server ${spec.name} at ${new Date().toISOString()}`);
    if (this.#log.problem) this.#log.note(this.#log.problem);
    const options = this.#link.options;
    let session: McpSession;
    try {
      session = McpSession.open(spec, this.#log, {
        maxLineBytes: options.maxLineBytes,
        killGraceMs: options.killGraceMs,
        onToolsChanged: (entries) => this.#replace("tool", entries),
        onPromptsChanged: (entries) => this.#replace("command", entries),
        onClosed: (reason) => this.#onClosed(reason),
      });
    } catch (err) {
      this.refuse(errorMessage(err));
      return;
    }
    this.#session = session;
    session.initialize(this.#startupMs).then(
      () => this.#onInitialized(),
      (err) => this.#failedStart(`MCP initialize failed: ${errorMessage(err)}`),
    );
  }

  // A first start that fails refuses the extension; a restart that fails is one more crash
  // (a remote server still down is tried again after a longer wait, then quarantined).
  #failedStart(reason: string): void {
    if (this.#supervisor.everReady) this.#crashed(reason);
    else this.refuse(reason);
  }

  // The manifest's "timeouts.startup" covers initialize and the first lists, as hello.
  get #startupMs(): number {
    return this.spec.timeouts?.startup ?? this.#link.options.helloTimeoutMs;
  }

  /** Refuses the extension and stops its server. */
  refuse(reason: string): void {
    if (this.#state === "refused" || this.#state === "exited") return;
    this.#state = "refused";
    this.#reason = reason;
    this.#log.note(`refused: ${reason}`);
    this.#settle();
    this.#changed();
    void this.stop(Date.now());
  }

  /** Readiness does not wait for a deadline: a server is ready once its lists are in. */
  readyByDeadline(): void {
    if (this.#state === "starting" && !this.#accepted) {
      this.#log.note("still initializing at the startup deadline; its tools come when it is ready");
    }
  }

  /** MCP servers take no NDJSON frames. */
  send(_frame: HostFrame): boolean {
    return false;
  }

  /**
   * Answers the host's tool and command requests with MCP calls, within this extension's
   * timeouts (its manifest's, else the host's); server progress restarts the wait up to
   * the kind's cap and reaches the caller's progress listener.
   */
  request<K extends RequestKind>(
    kind: K,
    label: string,
    build: (id: string) => HostFrame,
    options: RequestOptions = {},
  ): Promise<ResponseByKind[K]> {
    const session = this.#session;
    if (!session || !this.running) return Promise.reject(this.#gone());
    const { signal, onProgress } = options;
    if (signal?.aborted) return Promise.reject(new CancelledError(`${label} cancelled`));
    const frame = build(this.#link.nextId());
    const call = { label, signal, onProgress, ...callLimits(kind, this.spec, this.#link.options) };
    const answer = frame.type === "tool_call"
      ? this.#callTool(session, frame, call)
      : frame.type === "command_invoked"
      ? this.#getPrompt(session, frame, call)
      : Promise.reject(new Error(`an MCP server cannot answer ${frame.type}`));
    const started = performance.now();
    answer.then(
      () => this.#latency.add(performance.now() - started, true),
      () => this.#latency.add(performance.now() - started, false),
    );
    return answer as Promise<ResponseByKind[K]>;
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
    if (this.#session?.pid !== undefined) status.pid = this.#session.pid;
    const version = this.spec.version ?? this.#session?.serverVersion;
    if (version !== undefined) status.version = version;
    if (this.#state === "ready") status.readyVia = "frame";
    if (this.#log.path) status.logFile = this.#log.path;
    return status;
  }

  /** Closes the session and stops the server process (the stop ladder); idempotent. */
  stop(deadline: number): Promise<void> {
    this.#stopping ??= (async () => {
      this.#supervisor.cancelRestart();
      if (this.#state === "restarting") {
        this.#state = "exited";
        this.#reason = `stopped by zot while restarting (${this.#reason ?? ""})`;
      }
      await this.#supervisor.reaping;
      if (this.#session) {
        const how = await this.#session.close(deadline);
        this.#log.note(`stopped at ${new Date().toISOString()}${how}`);
      }
      await this.#log.close();
    })();
    return this.#stopping;
  }

  /** Last resort at process exit. */
  killNow(): void {
    this.#session?.killNow();
  }

  async #onInitialized(): Promise<void> {
    const session = this.#session;
    if (!session || this.#state !== "starting") return;
    this.#accepted = true;
    this.#log.note(`initialized: ${session.describeServer()}`);
    try {
      await session.refreshAll(this.#startupMs);
    } catch (err) {
      this.#failedStart(`listing its tools and prompts failed: ${errorMessage(err)}`);
      return;
    }
    if (this.#state !== "starting") return;
    this.#state = "ready";
    if (this.#supervisor.ready()) {
      this.#log.note(`restarted and ready at ${new Date().toISOString()}`);
    }
    this.#settle();
    this.#changed();
  }

  #replace(kind: "tool" | "command", entries: (McpToolEntry | McpPromptEntry)[]): void {
    const registry = this.#link.registry;
    if (kind === "tool") {
      this.tools.clear();
      for (const entry of entries as McpToolEntry[]) registry.addTool(this, entry);
    } else {
      this.commands.clear();
      for (const entry of entries as McpPromptEntry[]) registry.addCommand(this, entry);
    }
    this.#log.note(`${kind}s: ${entries.map((e) => e.name).join(", ") || "(none)"}`);
  }

  async #callTool(
    session: McpSession,
    frame: ToolCallFrame,
    call: CallOptions,
  ): Promise<ToolResultFrame> {
    const entry = this.tools.get(frame.name);
    if (!entry) return errorResultFrame(frame.id, `no MCP tool behind "${frame.name}"`);
    try {
      const result = await session.callTool(entry.mcpName, frame.args, call);
      // A call that changed the server's tool list is followed by the new list, so the
      // model's next step already sees it.
      await session.settledLists();
      return toolResultFrame(frame.id, result);
    } catch (err) {
      const answer = await this.#failure(session, err, call);
      return errorResultFrame(frame.id, answer);
    }
  }

  async #getPrompt(
    session: McpSession,
    frame: CommandInvokedFrame,
    call: CallOptions,
  ): Promise<CommandResponseFrame> {
    const base = { type: "command_response" as const, id: frame.id };
    const entry = this.commands.get(frame.name);
    if (!entry) return { ...base, action: "noop", error: `no MCP prompt behind /${frame.name}` };
    const parsed = promptArguments(entry.arguments, frame.args ?? "");
    if ("problem" in parsed) {
      return { ...base, action: "noop", error: `/${frame.name} ${parsed.problem}` };
    }
    try {
      const result = await session.getPrompt(entry.mcpName, parsed.args, call);
      return { ...base, action: "prompt", prompt: promptText(result) };
    } catch (err) {
      return { ...base, action: "noop", error: await this.#failure(session, err, call) };
    }
  }

  /** Throws what the host reports itself (cancel, timeout, gone); returns a server error's text. */
  async #failure(session: McpSession, err: unknown, call: CallOptions): Promise<string> {
    if (call.signal?.aborted) throw new CancelledError(`${call.label} cancelled`);
    if (err instanceof McpError && err.code === ErrorCode.RequestTimeout) {
      throw new ExtensionError(
        "ext_timeout",
        this.name,
        `extension "${this.name}" did not answer ${call.label} within ${call.timeoutMs} ms`,
        { hint: `see: zot ext logs ${this.name}` },
      );
    }
    if (!session.open || (err instanceof McpError && err.code === ErrorCode.ConnectionClosed)) {
      // The SDK fails the call as the connection drops, before zot has heard why: wait for
      // that, so the caller learns whether the server is restarting.
      await settlesWithin(session.ended, 1_000);
      throw this.#gone(call.label);
    }
    return `MCP server "${this.name}" answered ${call.label} with an error: ${errorMessage(err)}`;
  }

  /** Why a call cannot be answered: restarting, quarantined, or not running at all. */
  #gone(label?: string): ExtensionError {
    if (this.#state !== "restarting" && this.#state !== "quarantined") return this.#notRunning();
    const ext = { name: this.name, state: this.#state, reason: this.#reason };
    return unavailableError({ ...ext, lastError: this.#supervisor.lastError }, label);
  }

  #notRunning(): ExtensionError {
    return new ExtensionError(
      "ext_not_running",
      this.name,
      `extension "${this.name}" is not running${this.#reason ? ` (${this.#reason})` : ""}`,
      { hint: `see: zot ext logs ${this.name}` },
    );
  }

  #onClosed(reason: string): void {
    if (this.#state === "refused" || this.#state === "exited") {
      this.#log.note(`server ${reason}`);
      return;
    }
    const stopping = this.#stopping !== undefined;
    if (!stopping && this.#supervisor.everReady) {
      this.#crashed(reason);
      return;
    }
    if (!this.#accepted) {
      this.refuse(
        stopping ? `stopped by zot before initialize (${reason})` : `${reason} before initialize`,
      );
      return;
    }
    this.#state = "exited";
    this.#reason = stopping ? `stopped by zot (${reason})` : reason;
    this.#log.note(`MCP server ${this.name} ${reason} at ${new Date().toISOString()}`);
    this.#settle();
    this.#changed();
    if (!stopping) void this.stop(Date.now());
  }

  // Died after it was ready: reap the server, then restart it after a backoff, or
  // quarantine it when it keeps crashing. Its calls already failed with the connection.
  #crashed(reason: string): void {
    // Only a live extension crashes: not one already restarting, quarantined or stopping.
    const live = this.#state === "starting" || this.#state === "ready";
    if (!live || this.#stopping !== undefined) return;
    const reaping = this.#session?.close(Date.now());
    this.#session = undefined;
    const outcome = this.#supervisor.crashed(this.name, reason, reaping, () => this.#relaunch());
    this.#state = outcome.state;
    this.#reason = outcome.reason;
    this.#log.note(outcome.logLine);
    this.#changed();
    const { notice } = outcome;
    if (notice) {
      callHost(this.#link.callbacks, this.#log, "onNotify", (cb) => cb.onNotify?.(notice));
    }
  }

  #relaunch(): void {
    if (this.#stopping !== undefined || this.#state !== "restarting") return;
    this.#supervisor.countRestart();
    this.#state = "starting";
    this.#accepted = false;
    this.launch();
    this.#changed();
  }

  #changed(): void {
    callHost(
      this.#link.callbacks,
      this.#log,
      "onStatusChange",
      (cb) => cb.onStatusChange?.(this.status()),
    );
  }
}

/** What one call carries. */
export interface CallOptions extends SessionCall {
  label: string;
}
