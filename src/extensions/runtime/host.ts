/**
 * The ExtensionHost: what the rest of zot uses to run extensions. It starts every
 * LaunchSpec concurrently, waits for all of them against one startup deadline, routes
 * commands and tool calls to the owning extension, fans lifecycle events out in order,
 * runs interception chains, and stops everything (process groups included) on shutdown.
 *
 * One extension crashing, hanging or writing garbage never throws out of the host and
 * never stalls it: every wait is bounded and every failure is logged to that
 * extension's log and reflected in status().
 */

import { resolve } from "../../paths/mod.ts";
import { ZOT_VERSION } from "../../config/mod.ts";
import { ToolError, ZotError } from "../../errors/mod.ts";
import {
  DEFAULT_MAX_LINE_BYTES,
  type HostFrame,
  type InterceptableEvent,
} from "../../protocol/mod.ts";
import { ArgsValidator, type JsonSchema } from "../../schema/mod.ts";
import type {
  ArgsCheck,
  CommandAction,
  CommandOutcome,
  ExtensionCommand,
  ExtensionStatus,
  ExtensionTool,
  ExtensionToolResult,
  HostCallbacks,
  HostContext,
  HostOptions,
  LifecycleEvent,
  PromptVerdict,
  ReloadSummary,
  TextVerdict,
  ToolCallVerdict,
  ToolResultInput,
  ToolResultVerdict,
  Verdict,
} from "./host_types.ts";
import { eventFrame } from "./event_frames.ts";
import * as chain from "./intercept.ts";
import { ExtensionLog } from "./log.ts";
import { type HostLink, ManagedExtension } from "./managed_extension.ts";
import type { CallProgress } from "./connection.ts";
import type { HostedExtension } from "./hosted.ts";
import { loadMcpRuntime } from "./mcp/load.ts";
import {
  extensionDataDir,
  extensionLogFile,
  extensionNameProblem,
  type LaunchSpec,
} from "../manifest/mod.ts";
import { settlesWithin } from "../../timing/mod.ts";
import { Registry } from "./registry.ts";
import { DEFAULT_SUPERVISION } from "./supervision.ts";
import { NOTICE_BURST, NOTICES_PER_SECOND } from "./notice_limiter.ts";
import { FrameTrace } from "./frame_trace.ts";
import { mapContentBlocks, mapToolResult } from "./tool_content.ts";
import { explainDenial } from "./denial.ts";
import { requiredBlock } from "./required.ts";

/** Built-in tools extensions cannot take. */
export const DEFAULT_BUILTIN_TOOLS: readonly string[] = ["read", "write", "edit", "bash", "skill"];

/** Defaults of every HostOptions field (the original host's timings, plus a hello deadline). */
export const DEFAULT_HOST_OPTIONS: Readonly<HostOptions> = {
  // A `go run .` or `cargo run` manifest compiles on its first start: 3-5 s was too
  // short on a cold build cache (the original host waits forever). 30 s covers a cold
  // build; a silent extension then delays startup that long, and is reported with the
  // wait. A manifest sets its own with "timeouts": {"startup": ms}.
  helloTimeoutMs: 30_000,
  startupDeadlineMs: 30_000,
  readyIdleMs: 250,
  commandTimeoutMs: 30_000,
  toolTimeoutMs: 60_000,
  interceptTimeoutMs: 5_000,
  shutdownGraceMs: 2_000,
  killGraceMs: 1_000,
  maxLineBytes: DEFAULT_MAX_LINE_BYTES,
  maxQueuedBytes: 8 * 1024 * 1024,
  // The built-in commands come from the one registry in src/commands, passed in by the caller.
  builtinCommands: [],
  builtinTools: DEFAULT_BUILTIN_TOOLS,
  supervision: DEFAULT_SUPERVISION,
  noticeLimit: { burst: NOTICE_BURST, perSecond: NOTICES_PER_SECOND },
};

const ACTIONS: readonly string[] = ["prompt", "insert", "display", "noop"];

/** Runs a set of extensions for one zot session. */
export class ExtensionHost {
  #context: HostContext;
  readonly #options: HostOptions;
  readonly #callbacks: HostCallbacks;
  readonly #registry: Registry<HostedExtension>;
  readonly #link: HostLink;
  #extensions: HostedExtension[] = [];
  #lastId = 0;
  #required = new Map<string, string>();
  #shutdown: Promise<void> | undefined;
  readonly #onUnload = () => {
    for (const ext of this.#extensions) ext.killNow();
  };

  readonly #trace: FrameTrace | undefined;

  private constructor(
    context: HostContext,
    options: HostOptions,
    callbacks: HostCallbacks,
    trace?: FrameTrace,
  ) {
    this.#trace = trace;
    this.#context = {
      ...context,
      cwd: resolve(context.cwd),
      zotVersion: context.zotVersion ?? ZOT_VERSION,
    };
    this.#options = options;
    this.#callbacks = callbacks;
    this.#registry = new Registry({
      commands: options.builtinCommands,
      tools: options.builtinTools,
    });
    this.#link = {
      options,
      callbacks,
      registry: this.#registry,
      context: () => this.#context,
      nextId: () => String(++this.#lastId),
      trace,
    };
  }

  /**
   * Starts every spec concurrently and resolves when all are ready (or refused, or
   * exited), or when the startup deadline passes, whichever is first. Never rejects
   * because of an extension: failures show in status().
   */
  static async start(
    specs: readonly LaunchSpec[],
    context: HostContext,
    options: Partial<HostOptions> = {},
    callbacks: HostCallbacks = {},
  ): Promise<ExtensionHost> {
    let trace: FrameTrace | undefined;
    if (options.traceFile) {
      try {
        trace = await FrameTrace.open(options.traceFile);
      } catch (err) {
        throw new ZotError("ext_trace_unwritable", (err as Error).message, 1, {
          hint: "pass --ext-trace a file in a folder you can write",
        });
      }
    }
    const all = { ...DEFAULT_HOST_OPTIONS, ...options };
    const host = new ExtensionHost(context, all, callbacks, trace);
    globalThis.addEventListener("unload", host.#onUnload);
    await host.#load(specs);
    return host;
  }

  /** Commands owned by extensions, sorted by name (built-ins and shadowed ones excluded). */
  commands(): ExtensionCommand[] {
    return this.#registry.commands().map(({ entry, owner }) => ({
      name: entry.name,
      description: entry.description,
      extension: owner.name,
      running: owner.running,
    }));
  }

  /** Tools of running extensions, sorted by name; read fresh for every model request. */
  tools(): ExtensionTool[] {
    return this.#registry.tools().filter(({ owner }) => owner.running).map(({ entry, owner }) => ({
      name: entry.name,
      description: entry.description,
      schema: entry.schema,
      extension: owner.name,
    }));
  }

  /** Every extension of the current set, in spec order. */
  status(): ExtensionStatus[] {
    return this.#extensions.map((ext) => ext.status());
  }

  /**
   * Runs an extension command. Rejects with ExtensionError on timeout, when the owner is
   * not running or exits meanwhile; with ZotError `ext_unknown_command` for an unknown name.
   */
  async invokeCommand(
    name: string,
    args: string,
    options: { signal?: AbortSignal } = {},
  ): Promise<CommandOutcome> {
    const owner = this.#registry.commandOwner(name);
    if (!owner) {
      throw new ZotError("ext_unknown_command", `no extension provides the command /${name}`, 1, {
        hint: "run /help for the list of commands",
      });
    }
    const trimmed = args.trim();
    const frame = await owner.request(
      "command",
      `command /${name}`,
      (id) => ({ type: "command_invoked", id, name, ...(trimmed ? { args: trimmed } : {}) }),
      { signal: options.signal },
    );
    const outcome: CommandOutcome = { extension: owner.name, command: name, action: "noop" };
    if (ACTIONS.includes(frame.action)) {
      outcome.action = frame.action as CommandAction;
    } else if (frame.action !== "open_panel") {
      outcome.error = `extension "${owner.name}" answered /${name} with an unknown action ` +
        JSON.stringify(frame.action);
    }
    if (frame.prompt !== undefined) outcome.prompt = frame.prompt;
    if (frame.insert !== undefined) outcome.insert = frame.insert;
    if (frame.display !== undefined) outcome.display = frame.display;
    if (frame.open_panel !== undefined) outcome.openPanel = frame.open_panel;
    if (frame.error) outcome.error = frame.error;
    return outcome;
  }

  /**
   * Calls an extension tool. Rejects with ExtensionError on timeout or when the owner is
   * not running or exits meanwhile, CancelledError when the signal aborts, and ToolError
   * `ext_unknown_tool` for a name no extension owns.
   */
  async callTool(
    name: string,
    args: Record<string, unknown>,
    options: { signal?: AbortSignal; onProgress?: (progress: CallProgress) => void } = {},
  ): Promise<ExtensionToolResult> {
    const owner = this.#registry.toolOwner(name);
    if (!owner) {
      throw new ToolError("ext_unknown_tool", `no extension registered for tool "${name}"`);
    }
    const frame = await owner.request(
      "tool",
      `tool call "${name}"`,
      (id) => ({ type: "tool_call", id, name, args: args ?? {} }),
      { signal: options.signal, onProgress: options.onProgress },
    );
    const result = mapToolResult(frame, owner.name, name);
    if (result.isError) explainDenial(result, owner, name);
    return result;
  }

  /** Sends a lifecycle event to every running extension subscribed to it, in order. */
  emit(event: LifecycleEvent): void {
    const frame = eventFrame(event);
    for (const ext of this.#registry.sources) {
      if (ext.subscriptions.has(event.event)) ext.send(frame);
    }
  }

  /** Whether any running extension intercepts this event (lets callers hold back streamed text). */
  intercepts(event: InterceptableEvent): boolean {
    return this.#registry.sources.some((ext) => ext.running && ext.intercepts.has(event));
  }

  /**
   * Asks tool_call interceptors, in spec order. `validate` (a check function or the tool's
   * JSON Schema) is applied to every rewrite; an invalid rewrite blocks the call.
   */
  interceptToolCall(
    call: { id: string; name: string; args: Record<string, unknown> },
    validate?: ArgsCheck | JsonSchema,
  ): Promise<ToolCallVerdict> {
    const missing = requiredBlock(this.#required, this.#extensions);
    if (missing) return Promise.resolve(missing);
    return chain.interceptToolCall(this.#interceptors("tool_call"), call, argsCheck(validate));
  }

  /**
   * Sets the extensions that must be running for any tool call to run (fail closed), each
   * with why zot did not start it, for those it never launched (untrusted, refused, …).
   */
  setRequired(required: ReadonlyMap<string, string>): void {
    this.#required = new Map(required);
  }

  /** Asks turn_start interceptors; the first block wins. */
  interceptTurnStart(step: number): Promise<Verdict> {
    return chain.interceptTurnStart(this.#interceptors("turn_start"), step);
  }

  /** Asks assistant_message interceptors; `replace_text` rewrites chain. */
  interceptAssistantMessage(text: string): Promise<TextVerdict> {
    return chain.interceptAssistantMessage(this.#interceptors("assistant_message"), text);
  }

  /** Asks tool_result interceptors (protocol 1.1); the result passes unchanged on any failure. */
  interceptToolResult(result: ToolResultInput): Promise<ToolResultVerdict> {
    return chain.interceptToolResult(this.#interceptors("tool_result"), result, mapContentBlocks);
  }

  /** Asks user_prompt interceptors (protocol 1.1); the first block wins. */
  interceptUserPrompt(text: string): Promise<PromptVerdict> {
    return chain.interceptUserPrompt(this.#interceptors("user_prompt"), text);
  }

  /** Forwards a key press to the extension's panel; false when it is not running. */
  sendPanelKey(extension: string, panelId: string, key: string, text?: string): boolean {
    return this.#sendTo(extension, {
      type: "panel_key",
      panel_id: panelId,
      key,
      ...(text !== undefined ? { text } : {}),
    });
  }

  /** Tells the extension the user closed its panel. */
  sendPanelClose(extension: string, panelId: string): boolean {
    return this.#sendTo(extension, { type: "panel_close", panel_id: panelId });
  }

  /** Tells the extension its panel's drawable size. */
  sendPanelResize(extension: string, panelId: string, width: number, height: number): boolean {
    return this.#sendTo(extension, { type: "panel_resize", panel_id: panelId, width, height });
  }

  /** Updates what later hello_acks say (after /model, a provider switch, …). */
  updateContext(partial: Partial<Pick<HostContext, "provider" | "model" | "cwd">>): void {
    this.#context = { ...this.#context, ...partial };
    if (partial.cwd !== undefined) this.#context.cwd = resolve(partial.cwd);
  }

  /** Stops every extension, then starts the new set with fresh registries. */
  async reload(specs: readonly LaunchSpec[]): Promise<ReloadSummary> {
    if (this.#shutdown) throw new ZotError("ext_host_closed", "the extension host is shut down");
    const old = this.#extensions;
    const stopped = old.filter((ext) => ext.state === "starting" || ext.state === "ready").length;
    await this.#stopAll(old);
    await this.#load(specs);
    const states = this.#extensions.map((ext) => ext.state);
    return {
      stopped,
      loaded: states.filter((s) => s !== "refused").length,
      ready: states.filter((s) => s === "ready").length,
      refused: states.filter((s) => s === "refused").length,
    };
  }

  /**
   * Sends `shutdown` to every extension and gives them one shared grace period to
   * exit; holdouts get SIGTERM, then SIGKILL, to their whole process group. Idempotent.
   */
  shutdown(): Promise<void> {
    this.#shutdown ??= (async () => {
      await this.#stopAll(this.#extensions);
      await this.#trace?.close();
      globalThis.removeEventListener("unload", this.#onUnload);
    })();
    return this.#shutdown;
  }

  async #load(specs: readonly LaunchSpec[]): Promise<void> {
    // One shared deadline, stretched for a manifest that asks to wait longer.
    const longest = Math.max(0, ...specs.map((s) => s.timeouts?.startup ?? 0));
    const deadline = Date.now() + Math.max(this.#options.startupDeadlineMs, longest);
    const seen = new Set<string>();
    const plans = specs.map((spec, index) => {
      const problem = extensionNameProblem(spec.name);
      if (problem) return { spec, index, refusal: `unsafe extension name: ${problem}` };
      if (seen.has(spec.name)) {
        return {
          spec,
          index,
          refusal: `another extension named "${spec.name}" comes earlier in load order`,
        };
      }
      seen.add(spec.name);
      return { spec, index, refusal: undefined };
    });
    const extensions = await Promise.all(plans.map(async ({ spec, index, refusal }) => {
      if (refusal) {
        return new ManagedExtension(spec, index, ExtensionLog.none(refusal), "", this.#link);
      }
      const paths = this.#context.paths;
      const log = await ExtensionLog.open(extensionLogFile(paths, spec.name));
      const dataDir = extensionDataDir(paths, spec.name);
      try {
        await Deno.mkdir(dataDir, { recursive: true });
      } catch (err) {
        log.note(`cannot create data folder ${dataDir}: ${(err as Error).message}`);
      }
      // An MCP server is the second runtime; the host treats both alike from here on.
      if (spec.protocol === "mcp") {
        const { McpExtension } = await loadMcpRuntime();
        return new McpExtension(spec, index, log, this.#link);
      }
      return new ManagedExtension(spec, index, log, dataDir, this.#link);
    }));
    this.#extensions = extensions;
    this.#registry.setSources(extensions);
    for (const [i, ext] of extensions.entries()) {
      const refusal = plans[i].refusal;
      if (refusal) ext.refuse(refusal);
      else ext.launch();
    }
    const all = Promise.all(extensions.map((ext) => ext.settled));
    await settlesWithin(all, deadline - Date.now());
    for (const ext of extensions) ext.readyByDeadline();
  }

  async #stopAll(extensions: readonly HostedExtension[]): Promise<void> {
    const deadline = Date.now() + this.#options.shutdownGraceMs;
    await Promise.all(extensions.map((ext) => ext.stop(deadline)));
  }

  #interceptors(event: InterceptableEvent): chain.Interceptor[] {
    return this.#registry.sources
      .filter((ext) => ext.running && ext.intercepts.has(event))
      .map((ext) => ({
        name: ext.name,
        required: this.#required.has(ext.name),
        ask: (build) => ext.request("intercept", `${event} intercept`, build),
        note: (text) => ext.note(text),
      }));
  }

  #sendTo(name: string, frame: HostFrame): boolean {
    const ext = this.#extensions.find((e) => e.name === name && e.accepted);
    return ext?.send(frame) ?? false;
  }
}

function argsCheck(validate: ArgsCheck | JsonSchema | undefined): ArgsCheck | undefined {
  if (validate === undefined || typeof validate === "function") return validate;
  let validator: ArgsValidator;
  try {
    validator = new ArgsValidator(validate);
  } catch (err) {
    const problem = `the tool's schema cannot be compiled: ${(err as Error).message}`;
    return () => [problem];
  }
  return (args) => validator.validate(args);
}
