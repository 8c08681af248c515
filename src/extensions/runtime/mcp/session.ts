/**
 * One connection to an MCP server through the SDK's Client: a stdio server on a process
 * zot spawned from the LaunchSpec (so the OS sandbox and the stop ladder apply), or a
 * remote one over streamable HTTP. Server log messages go to the extension's log; list
 * changes re-list tools or prompts, one refresh at a time.
 */

import { errorMessage } from "../../../errors/mod.ts";
import { ZOT_VERSION } from "../../../config/mod.ts";
import type { LaunchSpec } from "../../manifest/mod.ts";
import type { CallProgress } from "../connection.ts";
import type { ExtensionLog } from "../log.ts";
import { describeExit, describeStop, ExtensionProcess } from "../process.ts";
import { settlesWithin } from "../../../timing/mod.ts";
import {
  listPrompts,
  listTools,
  type McpPromptEntry,
  type McpToolEntry,
  promptEntries,
  toolEntries,
} from "./catalog.ts";
import { ProcessTransport } from "./process_transport.ts";
import {
  type CallToolResult,
  Client,
  type GetPromptResult,
  LoggingMessageNotificationSchema,
  type Prompt,
  PromptListChangedNotificationSchema,
  type RequestOptions,
  StreamableHTTPClientTransport,
  StreamableHTTPError,
  type Tool,
  ToolListChangedNotificationSchema,
  type Transport,
} from "./sdk.ts";

/** How a session reports back to its extension. */
export interface SessionOptions {
  maxLineBytes: number;
  killGraceMs: number;
  onToolsChanged(entries: McpToolEntry[]): void;
  onPromptsChanged(entries: McpPromptEntry[]): void;
  /** The server went away (process exit, stdout closed); not called for close(). */
  onClosed(reason: string): void;
}

/** Per-call options. */
export interface SessionCall {
  /** Silence allowed; each progress notification restarts it. */
  timeoutMs: number;
  /** The longest the call may run however often it reports progress. */
  hardCapMs: number;
  signal?: AbortSignal;
  onProgress?: (progress: CallProgress) => void;
}

/** A live MCP client session. */
export class McpSession {
  readonly #spec: LaunchSpec;
  readonly #log: ExtensionLog;
  readonly #options: SessionOptions;
  readonly #client: Client;
  readonly #transport: Transport;
  readonly #proc: ExtensionProcess | undefined;
  #open = true;
  #closing = false;
  #ended!: () => void;
  /** Resolves once the end of the connection has been reported (onClosed) or close() ran. */
  readonly ended: Promise<void> = new Promise((resolve) => (this.#ended = resolve));
  #lists: Promise<void> = Promise.resolve();
  #listTimeoutMs = 30_000;

  private constructor(
    spec: LaunchSpec,
    log: ExtensionLog,
    options: SessionOptions,
    proc: ExtensionProcess | undefined,
  ) {
    this.#spec = spec;
    this.#log = log;
    this.#options = options;
    this.#proc = proc;
    this.#transport = proc
      ? new ProcessTransport(proc, log, options.maxLineBytes)
      : new StreamableHTTPClientTransport(new URL(spec.remote?.url ?? ""), {
        requestInit: { headers: spec.remote?.headers ?? {} },
      });
    // zot offers no roots, sampling or elicitation: a server sees a plain tool host.
    this.#client = new Client({ name: "zot", version: ZOT_VERSION }, { capabilities: {} });
    this.#client.onclose = () => this.#onTransportClosed();
    this.#client.onerror = (err) => this.#log.diagnostic(`MCP: ${errorMessage(err)}`);
    this.#handleNotifications();
  }

  /** Spawns a stdio server (throws ExtensionError when it cannot start) or prepares a remote one. */
  static open(spec: LaunchSpec, log: ExtensionLog, options: SessionOptions): McpSession {
    if (spec.remote) {
      log.note(`connecting to ${spec.remote.url} (streamable HTTP)`);
      return new McpSession(spec, log, options, undefined);
    }
    const proc = ExtensionProcess.spawn(spec, log);
    log.note(`spawned pid ${proc.pid}: ${[spec.command, ...spec.args].join(" ")}`);
    return new McpSession(spec, log, options, proc);
  }

  /** Still connected. */
  get open(): boolean {
    return this.#open;
  }

  /** The server process id (stdio only). */
  get pid(): number | undefined {
    return this.#proc?.pid;
  }

  /** The server's version from initialize. */
  get serverVersion(): string | undefined {
    return this.#client.getServerVersion()?.version;
  }

  /** `name version (protocol …)` for the log. */
  describeServer(): string {
    const info = this.#client.getServerVersion();
    return `${info?.name ?? "?"} ${info?.version ?? "?"}`;
  }

  /** Runs the MCP handshake within `timeoutMs`. */
  async initialize(timeoutMs: number): Promise<void> {
    this.#listTimeoutMs = timeoutMs;
    await this.#client.connect(this.#transport, { timeout: timeoutMs });
    if (this.#client.getServerCapabilities()?.logging) {
      this.#client.setLoggingLevel("info", { timeout: timeoutMs }).catch((err) =>
        this.#log.note(`logging/setLevel failed: ${errorMessage(err)}`)
      );
    }
  }

  /** Lists tools and prompts (those the server offers) and reports them. */
  async refreshAll(timeoutMs: number): Promise<void> {
    const caps = this.#client.getServerCapabilities() ?? {};
    const name = this.#spec.name;
    if (caps.tools) {
      this.#options.onToolsChanged(
        toolEntries(name, await listTools(this.#client, timeoutMs), this.#log),
      );
    }
    if (caps.prompts) {
      this.#options.onPromptsChanged(
        promptEntries(name, await listPrompts(this.#client, timeoutMs), this.#log),
      );
    }
  }

  /** The server's tools and prompts as it lists them (for `zot ext check`). */
  async lists(timeoutMs: number): Promise<{ tools: Tool[]; prompts: Prompt[] }> {
    const caps = this.#client.getServerCapabilities() ?? {};
    return {
      tools: caps.tools ? await listTools(this.#client, timeoutMs) : [],
      prompts: caps.prompts ? await listPrompts(this.#client, timeoutMs) : [],
    };
  }

  /** Calls a tool; an abort sends `notifications/cancelled` (the SDK does) and rejects. */
  callTool(
    name: string,
    args: Record<string, unknown>,
    call: SessionCall,
  ): Promise<CallToolResult> {
    return this.#watch(
      this.#client.callTool({ name, arguments: args }, undefined, requestOptions(call)),
    ) as Promise<CallToolResult>;
  }

  /** Gets a prompt's messages. */
  getPrompt(
    name: string,
    args: Record<string, string>,
    call: SessionCall,
  ): Promise<GetPromptResult> {
    return this.#watch(this.#client.getPrompt({ name, arguments: args }, requestOptions(call)));
  }

  // A remote server has no process whose exit says it is gone: a request it cannot take
  // (unreachable, or refused for a session it no longer knows after a restart) says so. The
  // session then ends as a stdio one does when its process exits (onClosed).
  async #watch<T>(request: Promise<T>): Promise<T> {
    try {
      return await request;
    } catch (err) {
      const lost = remoteLoss(err);
      if (lost && !this.#proc && this.#open && !this.#closing) {
        this.#open = false;
        this.#log.note(`the server ${lost}; the session is over`);
        this.#options.onClosed(lost);
        this.#ended();
      }
      throw err;
    }
  }

  /** Resolves once every list refresh asked for so far is done (or failed). */
  settledLists(): Promise<void> {
    return this.#lists;
  }

  /**
   * Closes the session: stdin closed (stdio) or the HTTP session ended, then the process
   * stop ladder by `deadline`. Returns how the stop went, for the log.
   */
  async close(deadline: number): Promise<string> {
    this.#closing = true;
    if (!this.#proc) {
      const transport = this.#transport as StreamableHTTPClientTransport;
      if (transport.sessionId) {
        await settlesWithin(transport.terminateSession().catch(() => {}), deadline - Date.now());
      }
      await this.#client.close().catch(() => {});
      this.#open = false;
      this.#ended();
      return "";
    }
    await this.#client.close().catch(() => {});
    const report = await this.#proc.stop(deadline, this.#options.killGraceMs);
    await (this.#transport as ProcessTransport).finish();
    this.#open = false;
    this.#ended();
    return describeStop(report);
  }

  /** SIGKILLs the server's process group now. */
  killNow(): void {
    this.#proc?.killNow();
  }

  #handleNotifications(): void {
    const client = this.#client;
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      const { level, logger, data } = n.params;
      const text = typeof data === "string" ? data : JSON.stringify(data);
      this.#log.diagnostic(`server log ${level}${logger ? ` ${logger}` : ""}: ${text}`);
    });
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      this.#relist("tools", async () =>
        this.#options.onToolsChanged(
          toolEntries(this.#spec.name, await listTools(client, this.#listTimeoutMs), this.#log),
        ));
    });
    client.setNotificationHandler(PromptListChangedNotificationSchema, () => {
      this.#relist("prompts", async () =>
        this.#options.onPromptsChanged(
          promptEntries(this.#spec.name, await listPrompts(client, this.#listTimeoutMs), this.#log),
        ));
    });
  }

  #relist(what: string, run: () => Promise<void>): void {
    this.#log.note(`${what} list changed; listing again`);
    this.#lists = this.#lists.then(run).catch((err) =>
      this.#log.note(`listing ${what} again failed: ${errorMessage(err)}`)
    );
  }

  async #onTransportClosed(): Promise<void> {
    if (!this.#open) return;
    this.#open = false;
    if (this.#closing) return;
    let reason = "closed the connection";
    if (this.#proc) {
      const exited = await settlesWithin(this.#proc.status, 200);
      reason = exited && this.#proc.exitStatus
        ? describeExit(this.#proc.exitStatus)
        : "closed its stdout";
    }
    this.#options.onClosed(reason);
    this.#ended();
  }
}

/** Why a remote request failed if the server is gone or forgot the session, else undefined. */
function remoteLoss(err: unknown): string | undefined {
  if (err instanceof StreamableHTTPError) {
    if (err.code === 404) return "no longer knows this session (HTTP 404)";
    // A restarted server built on the official SDK answers 400 "Server not initialized".
    if (err.code === 400 && /not initialized/i.test(err.message)) {
      return "was restarted and no longer knows this session (HTTP 400, not initialized)";
    }
  }
  // fetch rejects with a TypeError when nothing answers at all.
  if (err instanceof TypeError) return `cannot be reached (${errorMessage(err)})`;
  return undefined;
}

// Asking for progress (onprogress) is what makes the SDK send a progress token; progress
// then restarts the timeout, up to the hard cap, as for an NDJSON extension's progress frames.
function requestOptions(call: SessionCall): RequestOptions {
  const onProgress = call.onProgress;
  return {
    timeout: call.timeoutMs,
    maxTotalTimeout: call.hardCapMs,
    resetTimeoutOnProgress: true,
    signal: call.signal,
    onprogress: (p) =>
      onProgress?.({
        ...(p.message !== undefined ? { message: p.message } : {}),
        ...(p.total ? { fraction: Math.min(1, p.progress / p.total) } : {}),
      }),
  };
}
