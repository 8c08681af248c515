/** The extension object: registrations, the frame loop and handler dispatch. */

import type {
  CallContext,
  CommandHandler,
  EventHandler,
  ExtensionOptions,
  InterceptHandler,
  RunOptions,
  ToolHandler,
} from "./handler_types.ts";
import {
  allow,
  type CommandResponse,
  type Decision,
  respond,
  result,
  type ToolResult,
} from "./helpers.ts";
import { LineSplitter, MAX_LINE_LENGTH } from "./lines.ts";
import { Dialogs } from "./dialogs.ts";
import {
  type CancelFrame,
  type CommandInvokedFrame,
  EVENT_NAMES,
  type EventFrame,
  type EventInterceptFrame,
  type EventName,
  type ExtensionFrame,
  type HelloAckFrame,
  type HostInfo,
  INTERCEPTABLE_EVENTS,
  type InterceptableEvent,
  type NotifyLevel,
  PROTOCOL_REVISION,
  type ToolCallFrame,
  type UiResponseFrame,
  V1_1_EVENT_NAMES,
} from "./protocol.ts";
import { type FromSchema, type JsonSchema, schemaProblem } from "./schema.ts";
import { isRecord, messageOf, toDecision, toResponse, toResult } from "./returns.ts";
import { processTransport, routeConsoleToStderr, type Transport } from "./transport.ts";

const errorLog = console.error.bind(console);

interface Tool {
  description: string;
  schema: JsonSchema;
  handler: ToolHandler<never>;
}

/** A zot extension: register commands, tools and hooks, then `run()`. */
export class Extension {
  /** The name sent in `hello`. */
  readonly name: string;
  /** The version sent in `hello`, if any. */
  readonly version: string | undefined;
  #commands = new Map<string, { description: string; handler: CommandHandler }>();
  #tools = new Map<string, Tool>();
  #listeners = new Map<EventName, EventHandler[]>();
  #interceptors = new Map<InterceptableEvent, InterceptHandler<InterceptableEvent>>();
  #helloHooks: ((host: HostInfo) => void | Promise<void>)[] = [];
  #host: HostInfo | undefined;
  #hostWaiters: ((host: HostInfo) => void)[] = [];
  #transport: Transport | undefined;
  #registered = false;
  #stopped = false;
  #queued: ExtensionFrame[] = [];
  #writes: Promise<void> = Promise.resolve();
  #events: Promise<void> = Promise.resolve();
  /** Commands and tool calls still running, by id, so `cancel` can abort them. */
  #calls = new Map<string, AbortController>();
  #protocol: string | undefined;
  /** 1.1 dialogs: `await ext.ui.confirm("Deploy?")` while handling a command or tool call. */
  readonly ui: Dialogs = new Dialogs((frame) => this.#send(frame));

  /** Prefer `createExtension`. */
  constructor(options: ExtensionOptions) {
    if (!options.name) throw new TypeError("an extension needs a name");
    this.name = options.name;
    this.version = options.version;
    this.#protocol = options.protocol;
  }

  /** What the host said in `hello_ack`; undefined until it arrives. */
  get host(): HostInfo | undefined {
    return this.#host;
  }

  /** Resolves with the host's `hello_ack` information. */
  waitForHost(): Promise<HostInfo> {
    if (this.#host) return Promise.resolve(this.#host);
    return new Promise((resolve) => this.#hostWaiters.push(resolve));
  }

  /** Runs once `hello_ack` arrives, before registrations are sent: register conditionally here. */
  onHello(hook: (host: HostInfo) => void | Promise<void>): this {
    this.#helloHooks.push(hook);
    return this;
  }

  /** Registers a slash command (`name` without the slash). */
  command(name: string, description: string, handler: CommandHandler): this {
    if (this.#commands.has(name)) throw new TypeError(`command "${name}" is registered twice`);
    this.#commands.set(name, { description, handler });
    if (this.#registered) this.#send({ type: "register_command", name, description });
    return this;
  }

  /**
   * Registers a tool the model can call. `args` are checked against the schema (type,
   * properties, required, enum, items) before the handler runs, and typed from a const
   * schema; pass a type argument to type them yourself.
   */
  tool<A = never, const S extends JsonSchema = JsonSchema>(
    name: string,
    description: string,
    schema: S,
    handler: ToolHandler<[A] extends [never] ? FromSchema<S> : A>,
  ): this {
    if (this.#tools.has(name)) throw new TypeError(`tool "${name}" is registered twice`);
    const tool: Tool = { description, schema, handler: handler as ToolHandler<never> };
    this.#tools.set(name, tool);
    if (this.#registered) this.#send(this.#toolFrame(name, tool));
    return this;
  }

  /** Observes a lifecycle event; handlers run one event at a time, in arrival order. */
  on(event: EventName, handler: EventHandler): this {
    if (!(EVENT_NAMES as readonly string[]).includes(event)) {
      throw new TypeError(`unknown event "${event}"; expected one of ${EVENT_NAMES.join(", ")}`);
    }
    const list = this.#listeners.get(event) ?? [];
    list.push(handler);
    this.#listeners.set(event, list);
    if (this.#registered && list.length === 1) this.#send(this.#subscribeFrame());
    return this;
  }

  /**
   * Intercepts an event before it happens. A handler that throws allows the event (and logs
   * to stderr): a broken guard must not wedge the agent, matching the host's timeout rule.
   */
  intercept<E extends InterceptableEvent>(event: E, handler: InterceptHandler<E>): this {
    if (!(INTERCEPTABLE_EVENTS as readonly string[]).includes(event)) {
      throw new TypeError(
        `event "${event}" cannot be intercepted; expected one of ${
          INTERCEPTABLE_EVENTS.join(", ")
        }`,
      );
    }
    if (this.#interceptors.has(event)) throw new TypeError(`"${event}" is intercepted twice`);
    this.#interceptors.set(event, handler as unknown as InterceptHandler<InterceptableEvent>);
    if (this.#registered) this.#send(this.#subscribeFrame());
    return this;
  }

  /** Shows a note to the user; queued until registration is done. */
  notify(level: NotifyLevel, message: string): Promise<void> {
    return this.#send({ type: "notify", level, message });
  }

  /** Submits `text` as if the user typed it; queued until registration is done. */
  submit(text: string): Promise<void> {
    return this.#send({ type: "submit", text });
  }

  /** Writes a line to stderr (the extension's log file), prefixed with the name. */
  log(message: string): void {
    errorLog(`[${this.name}] ${message}`);
  }

  /**
   * Speaks the protocol until `shutdown` (answered with `shutdown_ack`) or end of input,
   * then exits the process (default transport) or resolves (custom transport without exit).
   */
  async run(options: RunOptions = {}): Promise<void> {
    if (this.#transport) throw new Error(`extension "${this.name}" is already running`);
    const transport = options.transport ?? processTransport();
    if (options.routeConsole ?? options.transport === undefined) routeConsoleToStderr();
    this.#transport = transport;
    this.#write(this.#helloFrame());
    const splitter = new LineSplitter(MAX_LINE_LENGTH, (length) => {
      this.log(`dropped a ${length}-character line from the host (limit ${MAX_LINE_LENGTH})`);
    });
    try {
      reading: for await (const chunk of transport.input) {
        for (const line of splitter.push(chunk)) {
          if (await this.#dispatch(line)) break reading;
        }
      }
      if (!this.#stopped) {
        for (const line of splitter.end()) if (await this.#dispatch(line)) break;
      }
    } finally {
      this.#stopped = true;
    }
    await this.#writes;
    transport.exit?.(0);
  }

  // Returns true when the loop should stop (shutdown).
  async #dispatch(line: string): Promise<boolean> {
    let frame: unknown;
    try {
      frame = JSON.parse(line);
    } catch {
      this.log(`ignored a line that is not JSON: ${line.slice(0, 200)}`);
      return false;
    }
    if (!isRecord(frame) || typeof frame.type !== "string") {
      this.log(`ignored a frame without a "type": ${line.slice(0, 200)}`);
      return false;
    }
    switch (frame.type) {
      case "hello_ack":
        await this.#onHelloAck(frame as unknown as HelloAckFrame);
        return false;
      case "command_invoked":
        if (this.#hasId(frame)) void this.#onCommand(frame as unknown as CommandInvokedFrame);
        return false;
      case "tool_call":
        if (this.#hasId(frame)) void this.#onTool(frame as unknown as ToolCallFrame);
        return false;
      case "event_intercept":
        if (this.#hasId(frame)) void this.#onIntercept(frame as unknown as EventInterceptFrame);
        return false;
      case "event":
        this.#onEvent(frame as unknown as EventFrame);
        return false;
      case "cancel":
        this.#onCancel(frame as unknown as CancelFrame);
        return false;
      case "ui_response":
        if (this.#hasId(frame)) this.ui.answer(frame as unknown as UiResponseFrame);
        return false;
      case "shutdown":
        this.ui.cancelAll();
        await this.#write({ type: "shutdown_ack" });
        this.#stopped = true;
        return true;
      default:
        this.log(`ignored a "${frame.type}" frame`);
        return false;
    }
  }

  #hasId(frame: Record<string, unknown>): boolean {
    if (typeof frame.id === "string" && frame.id !== "") return true;
    this.log(`ignored a "${frame.type}" frame without an id`);
    return false;
  }

  async #onHelloAck(frame: HelloAckFrame): Promise<void> {
    if (this.#host) return;
    const { type: _type, ...host } = frame;
    this.#host = host;
    if (host.protocol_version !== 1) {
      this.log(`host speaks protocol ${host.protocol_version}; this SDK speaks 1`);
    }
    for (const hook of this.#helloHooks) {
      try {
        await hook(host);
      } catch (err) {
        this.log(`onHello hook failed: ${messageOf(err)}`);
      }
    }
    for (const waiter of this.#hostWaiters.splice(0)) waiter(host);
    for (const [name, { description }] of this.#commands) {
      this.#write({ type: "register_command", name, description });
    }
    for (const [name, tool] of this.#tools) this.#write(this.#toolFrame(name, tool));
    if (this.#listeners.size > 0 || this.#interceptors.size > 0) {
      this.#write(this.#subscribeFrame());
    }
    this.#write({ type: "ready" });
    this.#registered = true;
    for (const frame of this.#queued.splice(0)) this.#write(frame);
  }

  // A cancelled call's answer would only be dropped by the host, so it is not sent.
  #onCancel(frame: CancelFrame): void {
    const controller = this.#calls.get(frame.id);
    if (!controller) return;
    this.#calls.delete(frame.id);
    controller.abort(
      new DOMException(`cancelled by zot: ${frame.reason ?? "cancel"}`, "AbortError"),
    );
  }

  #context(frame: { id: string; name: string }): CallContext {
    const controller = new AbortController();
    this.#calls.set(frame.id, controller);
    return {
      id: frame.id,
      name: frame.name,
      signal: controller.signal,
      progress: (update) => {
        if (controller.signal.aborted) return Promise.resolve();
        return this.#send({ type: "progress", id: frame.id, ...update });
      },
    };
  }

  // True when the call is still wanted (and forgets it either way).
  #finish(id: string): boolean {
    const wanted = this.#calls.has(id);
    this.#calls.delete(id);
    return wanted;
  }

  async #onCommand(frame: CommandInvokedFrame): Promise<void> {
    const command = this.#commands.get(frame.name);
    const context = this.#context(frame);
    let response: CommandResponse;
    if (!command) {
      response = respond.error(`unknown command "${frame.name}"`);
    } else {
      try {
        const args = typeof frame.args === "string" ? frame.args : "";
        response = toResponse(await command.handler(args, context));
      } catch (err) {
        this.log(`command "${frame.name}" failed: ${(err as Error)?.stack ?? messageOf(err)}`);
        response = respond.error(messageOf(err));
      }
    }
    if (!this.#finish(frame.id)) return;
    await this.#send({ type: "command_response", id: frame.id, ...response });
  }

  async #onTool(frame: ToolCallFrame): Promise<void> {
    const tool = this.#tools.get(frame.name);
    const args = frame.args ?? {};
    const context = this.#context(frame);
    let out: ToolResult;
    if (!tool) {
      out = result.error(`unknown tool "${frame.name}"`);
    } else {
      const problem = schemaProblem(args, tool.schema);
      if (problem) {
        out = result.error(`invalid arguments for tool "${frame.name}": ${problem}`);
      } else {
        try {
          out = toResult(await tool.handler(args as never, context));
        } catch (err) {
          this.log(`tool "${frame.name}" failed: ${(err as Error)?.stack ?? messageOf(err)}`);
          out = result.error(`tool "${frame.name}" failed: ${messageOf(err)}`);
        }
      }
    }
    if (!this.#finish(frame.id)) return;
    await this.#send({ type: "tool_result", id: frame.id, ...out });
  }

  async #onIntercept(frame: EventInterceptFrame): Promise<void> {
    const handler = this.#interceptors.get(frame.event);
    let decision: Decision = allow();
    if (handler) {
      try {
        decision = toDecision(await handler(frame));
      } catch (err) {
        this.log(`intercept "${frame.event}" failed, allowing it: ${messageOf(err)}`);
      }
    }
    await this.#send({ type: "event_intercept_response", id: frame.id, ...decision });
  }

  #onEvent(frame: EventFrame): void {
    const handlers = this.#listeners.get(frame.event) ?? [];
    if (handlers.length === 0) return;
    this.#events = this.#events.then(async () => {
      for (const handler of handlers) {
        try {
          await handler(frame);
        } catch (err) {
          this.log(`"${frame.event}" handler failed: ${messageOf(err)}`);
        }
      }
    });
  }

  #helloFrame(): ExtensionFrame {
    // Every handler gets an abort signal, so this SDK always takes `cancel`.
    const capabilities: string[] = ["cancel"];
    if (this.#commands.size > 0) capabilities.push("commands");
    if (this.#tools.size > 0) capabilities.push("tools");
    if (this.#listeners.size > 0 || this.#interceptors.size > 0) capabilities.push("events");
    const hello: ExtensionFrame = this.version === undefined
      ? { type: "hello", name: this.name, capabilities }
      : { type: "hello", name: this.name, version: this.version, capabilities };
    return this.#usesV11() ? { ...hello, protocol: PROTOCOL_REVISION } : hello;
  }

  // A v1 extension's hello stays v1 byte for byte; 1.1 is announced only when used.
  #usesV11(): boolean {
    if (this.#protocol) return true;
    const v11 = V1_1_EVENT_NAMES as readonly string[];
    return [...this.#listeners.keys()].some((e) => v11.includes(e)) ||
      this.#interceptors.has("tool_result") || this.#interceptors.has("user_prompt");
  }

  #toolFrame(name: string, tool: Tool): ExtensionFrame {
    return { type: "register_tool", name, description: tool.description, schema: tool.schema };
  }

  #subscribeFrame(): ExtensionFrame {
    return {
      type: "subscribe",
      events: [...this.#listeners.keys()],
      intercept: [...this.#interceptors.keys()],
    };
  }

  // Frames other than the handshake wait until registration is done.
  #send(frame: ExtensionFrame): Promise<void> {
    if (!this.#registered) {
      this.#queued.push(frame);
      return Promise.resolve();
    }
    return this.#write(frame);
  }

  // One write at a time, so concurrent handlers never interleave bytes of two frames.
  #write(frame: ExtensionFrame): Promise<void> {
    const transport = this.#transport;
    if (!transport || (this.#stopped && frame.type !== "shutdown_ack")) return Promise.resolve();
    const line = JSON.stringify(frame) + "\n";
    this.#writes = this.#writes.then(() => transport.write(line)).catch((err) => {
      this.log(`could not write a "${frame.type}" frame: ${messageOf(err)}`);
    });
    return this.#writes;
  }
}

/** Creates an extension; register handlers on it, then call `run()`. */
export function createExtension(options: ExtensionOptions): Extension {
  return new Extension(options);
}
