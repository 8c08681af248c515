/**
 * `zot rpc`: a long-lived NDJSON server on stdin/stdout. Every command line gets exactly
 * one response `{"type":"response","id"?,"command","success","data"|"error"}`; agent
 * events are written as in `--json`. See docs/rpc.md for the schema.
 */

import { LineDecoderStream, PROTOCOL_VERSION } from "../protocol/mod.ts";
import { errorMessage, ZotError } from "../errors/mod.ts";
import type { ModeContext } from "./context.ts";
import { parseSlash } from "../protocol/mod.ts";
import { resolveSlash } from "./slash.ts";
import { eventToWire, messageToWire, type WireObject } from "./wire.ts";
import { type Command, promptContent, timingSafeEqual } from "./rpc_input.ts";
import { commandsData, modelsData, stateData, toolsData } from "./rpc_queries.ts";
import { WorkQueue } from "./rpc_work.ts";
import { extStatusToWire } from "./ext_status.ts";
import { sanitizeText } from "../text/mod.ts";
import { RpcPrompts } from "./rpc_prompts.ts";
import { safetyPort } from "./safety.ts";

/** Longest accepted command line (images travel inline as base64). */
export const RPC_MAX_LINE_BYTES = 16 * 1024 * 1024;

/** Options of runRpc. */
export interface RpcOptions {
  /** Command lines (stdin). */
  input: ReadableStream<Uint8Array>;
  /** `ZOTCORE_RPC_TOKEN`; when set, every command before a good `hello` is refused. */
  token?: string;
  /** Aborting it cancels the running work and drops the queue (Ctrl-C). */
  signal?: AbortSignal;
  /**
   * Run an extension's `submit` as a prompt (`zot rpc --auto-submit`). Off by default: a
   * client that reads events in order would take the submitted turn's answer for its own.
   */
  autoSubmit?: boolean;
}

/** What a handler answers: data for a success, or an error message. */
type Answer = {
  data?: WireObject;
  error?: string;
  /** Ends the server after the response (bad token). */
  fatal?: ZotError;
  /** Runs right after the response is written (queues work). */
  after?: () => void;
};

/** Serves rpc until stdin closes and in-flight work is done; throws on a bad token. */
export async function runRpc(ctx: ModeContext, options: RpcOptions): Promise<void> {
  const server = new RpcServer(ctx, options.token, options.autoSubmit ?? false);
  const interrupt = () => server.abortWork();
  options.signal?.addEventListener("abort", interrupt, { once: true });
  try {
    await server.serve(options.input);
  } finally {
    options.signal?.removeEventListener("abort", interrupt);
  }
}

class RpcServer {
  #ctx: ModeContext;
  #token?: string;
  #authed: boolean;
  #work: WorkQueue;
  /** Slash commands waiting for their extension; `abort` cancels them too. */
  #commands = new Set<AbortController>();
  #pending = new Set<Promise<void>>();
  #offs: (() => void)[] = [];
  #autoSubmit: boolean;
  #submits = 0;
  #prompts: RpcPrompts;

  constructor(ctx: ModeContext, token: string | undefined, autoSubmit: boolean) {
    this.#ctx = ctx;
    this.#token = token || undefined;
    this.#authed = this.#token === undefined;
    this.#autoSubmit = autoSubmit;
    this.#work = new WorkQueue(ctx.agent, (event, id) => {
      const wire = eventToWire(event);
      // Every event of a piece of work names what started it; `done` keeps its `id` too.
      if (id !== undefined) {
        wire.request_id = id;
        if (event.type === "done") wire.id = id;
      }
      this.#write(wire);
    });
    this.#offs.push(ctx.bus.onNotify((n) => {
      this.#write({
        type: "ext_notify",
        extension: n.extension,
        level: n.level,
        message: sanitizeText(n.message),
      });
    }));
    this.#offs.push(ctx.bus.onStatus((s) => {
      this.#write({ type: "ext_status", ...extStatusToWire(s) });
    }));
    this.#prompts = new RpcPrompts((frame) => this.#write(frame));
    ctx.agent.approvals.setApprover(this.#prompts.approver());
    this.#offs.push(() => ctx.agent.approvals.setApprover(undefined));
    if (ctx.dialogs) this.#offs.push(ctx.dialogs.setHandler(this.#prompts.dialogHandler()));
    this.#offs.push(ctx.bus.onSubmit((s) => this.#submitted(s.extension, s.text)));
  }

  /**
   * An extension's `submit`: always reported as `ext_submit`; run as a prompt only when the
   * client opted in, with its own id so its events can be told apart.
   */
  #submitted(extension: string, text: string): void {
    const id = `submit-${++this.#submits}`;
    const run = this.#autoSubmit;
    const event: WireObject = { type: "ext_submit", extension, text, submit_id: id, run };
    if (run) {
      const position = this.#work.nextPosition();
      event.queued = position > 0;
      if (position > 0) event.position = position;
    }
    this.#write(event);
    if (run) this.#work.add({ kind: "prompt", content: [{ type: "text", text }], id });
  }

  /** Cancels the running work and drops the queue. */
  abortWork(): void {
    this.#abortAll();
  }

  #abortAll(): boolean {
    const commands = this.#commands.size > 0;
    for (const controller of this.#commands) controller.abort();
    this.#commands.clear();
    return this.#work.abort() || commands;
  }

  async serve(input: ReadableStream<Uint8Array>): Promise<void> {
    let fatal: ZotError | undefined;
    try {
      const lines = input.pipeThrough(new LineDecoderStream({ maxLineBytes: RPC_MAX_LINE_BYTES }));
      for await (const item of lines) {
        if (item.kind === "oversized") {
          this.#respond(undefined, "", {
            error: `line too long: commands are limited to ${item.limit} bytes`,
          });
          continue;
        }
        fatal = this.#line(item.line);
        if (fatal) break;
      }
    } finally {
      if (fatal) this.#work.abort();
      // Nobody is left to answer: open questions are denied so the work can finish.
      this.#prompts.closeAll();
      await Promise.all(this.#pending);
      await this.#work.whenIdle();
      for (const off of this.#offs) off();
    }
    if (fatal) throw fatal;
  }

  #line(line: string): ZotError | undefined {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (err) {
      this.#respond(undefined, "", { error: `malformed json: ${errorMessage(err)}` });
      return;
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      this.#respond(undefined, "", { error: "malformed command: expected a JSON object" });
      return;
    }
    const raw = parsed as Record<string, unknown>;
    const id = typeof raw.id === "string" && raw.id !== "" ? raw.id : undefined;
    if (typeof raw.type !== "string" || raw.type === "") {
      this.#respond(id, "", { error: `malformed command: "type" must be a non-empty string` });
      return;
    }
    const command = { ...raw, type: raw.type, id } as Command;
    if (!this.#authed && command.type !== "hello") {
      this.#respond(id, command.type, { error: "auth required: send hello with token first" });
      return;
    }
    const answer = this.#dispatch(command);
    if (answer instanceof Promise) {
      const job = answer.then(
        (a) => this.#respond(id, command.type, a),
        (err) => this.#respond(id, command.type, { error: errorMessage(err) }),
      ).finally(() => this.#pending.delete(job));
      this.#pending.add(job);
      return;
    }
    this.#respond(id, command.type, answer);
    return answer.fatal;
  }

  #dispatch(command: Command): Answer | Promise<Answer> {
    const agent = this.#ctx.agent;
    switch (command.type) {
      case "hello":
        return this.#hello(command);
      case "prompt":
        return this.#prompt(command);
      case "abort":
        return { data: { aborted: this.#abortAll() } };
      case "compact":
        return this.#enqueue({ kind: "compact", id: command.id });
      case "get_state":
        return { data: stateData(agent, this.#work, this.#autoSubmit) };
      case "get_messages":
        return { data: { messages: agent.messages.map(messageToWire) } };
      case "clear":
        if (this.#work.busy) return { error: "busy: a prompt is running; send abort first" };
        agent.clear();
        return {};
      case "set_model":
        return this.#setModel(command);
      case "get_models":
        return { data: { models: modelsData(this.#ctx) } };
      case "ping":
        return { data: { pong: true } };
      case "set_auto_submit":
        if (typeof command.enabled !== "boolean") {
          return { error: `set_auto_submit: "enabled" must be true or false` };
        }
        this.#autoSubmit = command.enabled;
        return { data: { auto_submit: this.#autoSubmit } };
      case "approve": {
        const error = this.#prompts.answerApproval(command);
        return error ? { error } : {};
      }
      case "ui_response": {
        const error = this.#prompts.answerDialog(command);
        return error ? { error } : {};
      }
      case "command":
        return this.#command(command);
      case "list_commands":
        return { data: { commands: commandsData(this.#ctx) } };
      case "list_extensions":
        return { data: { extensions: this.#ctx.bus.statuses().map(extStatusToWire) } };
      case "list_tools":
        return { data: { tools: toolsData(agent) } };
      default:
        return { error: `unknown command "${command.type}"` };
    }
  }

  #hello(command: Command): Answer {
    if (this.#token !== undefined) {
      const given = typeof command.token === "string" ? command.token : "";
      if (!timingSafeEqual(given, this.#token)) {
        return {
          error: "invalid token",
          fatal: new ZotError("rpc_invalid_token", "rpc: a client sent an invalid token", 1, {
            hint: "send the value of ZOTCORE_RPC_TOKEN in hello.token",
          }),
        };
      }
      this.#authed = true;
    }
    return {
      data: {
        protocol_version: PROTOCOL_VERSION,
        version: this.#ctx.version,
        provider: this.#ctx.agent.providerName,
        model: this.#ctx.agent.model,
      },
    };
  }

  #prompt(command: Command): Answer {
    const content = promptContent(command);
    if (typeof content === "string") return { error: content };
    return this.#enqueue({ kind: "prompt", content, id: command.id });
  }

  /** Answers first, then queues, so the response line precedes the work's events. */
  #enqueue(item: Parameters<WorkQueue["add"]>[0], extra: WireObject = {}): Answer {
    const position = this.#work.nextPosition();
    const data: WireObject = position === 0
      ? { ...extra, started: true }
      : { ...extra, started: false, queued: true, position };
    return { data, after: () => void this.#work.add(item) };
  }

  #setModel(command: Command): Answer {
    const model = command.model;
    if (typeof model !== "string" || model.trim() === "") {
      return { error: `set_model: "model" must be a non-empty string` };
    }
    const provider = this.#ctx.agent.providerName;
    const known = this.#ctx.models().filter((m) => m.provider === provider);
    if (known.length > 0 && !known.some((m) => m.id === model)) {
      return { error: `unknown model "${model}" for provider "${provider}"; see get_models` };
    }
    this.#ctx.agent.setModel(model);
    return { data: { model } };
  }

  async #command(command: Command): Promise<Answer> {
    const text = typeof command.text === "string"
      ? command.text
      : typeof command.name === "string"
      ? `/${command.name.replace(/^\//, "")} ${
        typeof command.args === "string" ? command.args : ""
      }`
      : undefined;
    const slash = text === undefined ? undefined : parseSlash(text);
    if (!slash) return { error: `command: give "name" (and "args") or "text" like "/name args"` };
    const controller = new AbortController();
    this.#commands.add(controller);
    let result;
    try {
      result = await resolveSlash(
        slash,
        this.#ctx.slash,
        "rpc",
        controller.signal,
        safetyPort(this.#ctx.agent),
      );
    } finally {
      this.#commands.delete(controller);
    }
    switch (result.kind) {
      case "display":
        return {
          data: { action: "display", extension: result.source, text: sanitizeText(result.text) },
        };
      case "insert":
        return {
          data: {
            action: "insert",
            extension: result.source,
            text: sanitizeText(result.text),
            note: "there is no editor in rpc mode; the client may insert the text itself",
          },
        };
      case "prompt":
        return this.#enqueue({
          kind: "prompt",
          content: [{ type: "text", text: result.text }],
          id: command.id,
        }, {
          action: "prompt",
          extension: result.source,
          text: result.text,
        });
      case "compact":
        return this.#enqueue({ kind: "compact", id: command.id }, { action: "compact" });
      case "noop":
        return { data: { action: "noop" } };
      case "panel":
        return { error: `/${slash.name} opens a panel, which needs the interactive mode` };
      case "error":
        return { error: result.message };
    }
  }

  #respond(id: string | undefined, command: string, answer: Answer): void {
    const frame: WireObject = { type: "response" };
    if (id !== undefined) frame.id = id;
    frame.command = command;
    if (answer.error !== undefined) {
      frame.success = false;
      frame.error = answer.error;
    } else {
      frame.success = true;
      if (answer.data !== undefined) frame.data = answer.data;
    }
    this.#write(frame);
    answer.after?.();
  }

  #write(object: WireObject): void {
    this.#ctx.output.out(JSON.stringify(object) + "\n");
  }
}
