/**
 * The agent loop: one prompt becomes model calls and tool runs until the model stops,
 * the step limit is reached, an extension blocks, or the caller aborts. Every mode and
 * the TUI drive this class and render from its event stream.
 */

import { errorMessage } from "../errors/mod.ts";
import {
  type AssistantMessage,
  type Message,
  now,
  type StopReason,
  type ToolCallBlock,
  type Usage,
  type UserMessage,
} from "../messages/mod.ts";
import type { Provider, ReasoningLevel } from "../providers/mod.ts";
import { Jail, type Tool } from "../tools/mod.ts";
import { Approvals } from "./approvals.ts";
import { applyPromptHooks } from "./prompt_hooks.ts";
import { presentMessage } from "./present.ts";
import { type Compaction, compactMessages, DEFAULT_KEEP_TAIL } from "./compact.ts";
import { CostTracker } from "./cost.ts";
import type { AgentEvent } from "./events.ts";
import {
  type AgentExtensions,
  type ExtensionTool,
  type LifecycleEvent,
  NO_EXTENSIONS,
} from "./extensions.ts";
import {
  AgentBusyError,
  type AgentOptions,
  type CompactResult,
  DEFAULT_MAX_STEPS,
  type PromptInput,
  type TurnResult,
} from "./agent_options.ts";
import { streamModelStep } from "./model_step.ts";
import { NO_SESSION, type SessionSink } from "./session_sink.ts";
import { announceToolCalls, runToolBatch, toolCallsOf, toolMessage } from "./tool_batch.ts";
import { errorResult, type ToolRunHooks } from "./tool_runner.ts";
import { turnStartGate } from "./turn_gate.ts";
import { Toolset } from "./toolset.ts";

/** What the user was shown of a step's message. */
interface Shown {
  text: string;
  withheld?: string;
}

/** The agent: transcript, tools, extensions, cost, and the loop that runs prompts. */
export class Agent {
  #provider: Provider;
  #model: string;
  #system: string;
  #cwd: string;
  #builtins: readonly Tool[];
  #extensions: AgentExtensions;
  #toolset: Toolset;
  /** What the extension tools looked like when the toolset was built. */
  #toolsKey = "";
  #maxSteps: number;
  #reasoning?: ReasoningLevel;
  #maxTokens?: number;
  #session: SessionSink;
  #messages: Message[];
  #cost: CostTracker;
  readonly #approvals: Approvals;
  readonly #jail: Jail;
  #listeners = new Set<(event: AgentEvent) => void>();
  #busy = false;
  #idle: Promise<void> = Promise.resolve();
  #wakeIdle?: () => void;

  constructor(options: AgentOptions) {
    this.#provider = options.provider;
    this.#model = options.model;
    this.#system = options.system;
    this.#cwd = options.cwd;
    this.#builtins = options.tools ?? [];
    this.#extensions = options.extensions ?? NO_EXTENSIONS;
    this.#toolset = this.#buildToolset(this.#extensions.tools());
    this.#maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
    this.#reasoning = options.reasoning;
    this.#maxTokens = options.maxTokens;
    this.#session = options.session ?? NO_SESSION;
    this.#messages = [...(options.history ?? [])];
    this.#cost = new CostTracker(options.price, options.usageSeed);
    this.#approvals = options.approvals ?? new Approvals();
    this.#jail = options.jail ?? new Jail(options.cwd);
  }

  /** The jail the built-in tools obey. */
  get jail(): Jail {
    return this.#jail;
  }

  /** The confirm gate and who answers it. */
  get approvals(): Approvals {
    return this.#approvals;
  }

  /** Listens to every event; returns the unsubscribe function. */
  subscribe(listener: (event: AgentEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The transcript so far. */
  get messages(): readonly Message[] {
    return this.#messages;
  }
  /** Whether a prompt or compaction is running. */
  get busy(): boolean {
    return this.#busy;
  }
  /** Resolves once the running prompt or compaction has returned (at once when idle). */
  whenIdle(): Promise<void> {
    return this.#idle;
  }
  /** The model used for the next call. */
  get model(): string {
    return this.#model;
  }
  /** The provider's name. */
  get providerName(): string {
    return this.#provider.name;
  }
  /** The tools' working directory. */
  get cwd(): string {
    return this.#cwd;
  }
  /** The system prompt. */
  get system(): string {
    return this.#system;
  }
  /** The session's cumulative usage. */
  get usage(): Usage {
    return this.#cost.session;
  }
  /** The tools the model is offered. */
  get toolset(): Toolset {
    return this.#toolset;
  }

  /** Switches the model; a running prompt uses it from its next model call. */
  setModel(model: string): void {
    const previous = this.#model;
    this.#model = model;
    if (previous !== model) {
      this.#lifecycle({
        event: "model_change",
        provider: this.#provider.name,
        model,
        previousModel: previous,
      });
    }
  }

  /** Rebuilds the tool list (extension tools registered late become visible). */
  refreshTools(): void {
    this.#toolset = this.#buildToolset(this.#extensions.tools());
  }

  #buildToolset(tools: ExtensionTool[]): Toolset {
    this.#toolsKey = toolsKey(tools);
    return new Toolset(this.#builtins, tools);
  }

  // Extension tools may change mid-session (an MCP server's tools/list_changed, a late
  // registration): each step offers the current ones, rebuilding only when they changed.
  #syncTools(): void {
    const tools = this.#extensions.tools();
    if (toolsKey(tools) !== this.#toolsKey) this.#toolset = this.#buildToolset(tools);
  }

  /** Drops the transcript and the usage totals. */
  clear(): void {
    if (this.#busy) throw new AgentBusyError();
    this.#messages = [];
    this.#cost.reset();
  }

  /** Continues a saved session: its messages and usage replace these, new ones go to `session`. */
  resume(session: SessionSink, history: readonly Message[], usage: Usage): void {
    if (this.#busy) throw new AgentBusyError();
    this.#session = session;
    this.#messages = [...history];
    this.#cost.reset();
    this.#cost.add(usage);
    this.#cost.startTurn();
  }

  /** Tells extensions the session has started (once, after they are ready). */
  emitSessionStart(): void {
    this.#lifecycle({ event: "session_start" });
  }

  /** Tells extensions the session is ending (before the host shuts them down). */
  emitSessionEnd(reason: string): void {
    this.#lifecycle({ event: "session_end", reason });
  }

  /** Runs one prompt to completion; never throws for model or tool failures. */
  async prompt(input: PromptInput, options: { signal?: AbortSignal } = {}): Promise<TurnResult> {
    this.#begin();
    const signal = options.signal ?? new AbortController().signal;
    try {
      this.#cost.startTurn();
      const given = typeof input === "string" ? [{ type: "text" as const, text: input }] : input;
      const text = given.flatMap((b) => b.type === "text" ? [b.text] : []).join("\n");
      this.#lifecycle({ event: "user_prompt", text });
      const hooked = await applyPromptHooks(this.#extensions, given, signal);
      let result: TurnResult;
      if (hooked.blocked) {
        result = this.#result("error", hooked.message, "", undefined, 0);
      } else {
        const user: UserMessage = { role: "user", content: hooked.content, time: now() };
        await this.#append(user);
        this.#emit({ type: "user_message", message: user });
        result = await this.#run(signal);
      }
      if (result.stop === "error") {
        this.#emit({ type: "error", message: result.error ?? "the turn failed" });
      }
      this.#lifecycle({
        event: "agent_end",
        stop: result.stop,
        steps: result.steps,
        ...(result.error !== undefined ? { error: result.error } : {}),
      });
      this.#emit({ type: "done", stop: result.stop });
      return result;
    } finally {
      this.#end();
    }
  }

  /** Summarises all but the last `keepTail` messages; ends with compact_done then done. */
  async compact(
    options: { signal?: AbortSignal; keepTail?: number } = {},
  ): Promise<CompactResult> {
    this.#begin();
    const signal = options.signal ?? new AbortController().signal;
    try {
      let done: Compaction;
      this.#lifecycle({ event: "compaction", phase: "before" });
      try {
        done = await compactMessages(
          this.#provider,
          this.#model,
          this.#messages,
          options.keepTail ?? DEFAULT_KEEP_TAIL,
          signal,
          { emit: (e) => this.#emit(e), recordUsage: (u) => this.#recordUsage(u) },
        );
      } catch (err) {
        const stop: StopReason = signal.aborted ? "aborted" : "error";
        const error = errorMessage(err);
        if (stop === "error") this.#emit({ type: "error", message: error });
        this.#emit({ type: "done", stop });
        return { stop, error };
      }
      this.#messages = done.messages;
      await this.#guardSession(() => this.#session.rewrite?.(this.#messages));
      this.#lifecycle({ event: "compaction", phase: "after", summary: done.summary });
      this.#emit({ type: "compact_done", summary: done.summary });
      this.#emit({ type: "done", stop: "end" });
      return { stop: "end", summary: done.summary, tokensBefore: done.tokensBefore };
    } finally {
      this.#end();
    }
  }

  #begin(): void {
    if (this.#busy) throw new AgentBusyError();
    this.#busy = true;
    this.#idle = new Promise((resolve) => this.#wakeIdle = resolve);
  }

  #end(): void {
    this.#busy = false;
    this.#wakeIdle?.();
  }

  async #run(signal: AbortSignal): Promise<TurnResult> {
    // What the user saw last; a turn refused at step n still reports step n-1's text.
    let shown: Shown = { text: "" };
    for (let step = 1;; step++) {
      const end = (stop: StopReason, error?: string): TurnResult => {
        this.#turnEnd(step, stop, error);
        return this.#result(stop, error, shown.text, shown.withheld, step);
      };
      this.#syncTools();
      this.#emit({ type: "turn_start", step });
      this.#lifecycle({ event: "turn_start", step });
      const refused = await turnStartGate(this.#extensions, step, signal);
      if (refused) return end(refused.stop, refused.error);

      const outcome = await streamModelStep(this.#provider, this.#request(signal), {
        emit: (e) => this.#emit(e),
        recordUsage: (u) => this.#recordUsage(u),
        holdText: this.#extensions.intercepts("assistant_message"),
      });
      shown = await this.#present(outcome.message, outcome.stop, signal);
      const calls = toolCallsOf(outcome.message, outcome.stop);
      if (calls.length === 0) {
        return end(outcome.stop === "tool_use" ? "end" : outcome.stop, outcome.error);
      }
      if (step >= this.#maxSteps) return end("error", await this.#refuseOverLimit(calls));
      const hooks = this.#toolHooks();
      announceToolCalls(calls, hooks);
      this.#turnEnd(step, "tool_use");
      await this.#append(toolMessage(await runToolBatch(calls, hooks, signal)));
      if (signal.aborted) {
        return this.#result("aborted", undefined, shown.text, shown.withheld, step);
      }
    }
  }

  /** Records the step's message and shows it (through assistant_message interception). */
  async #present(
    message: AssistantMessage | undefined,
    stop: StopReason,
    signal: AbortSignal,
  ): Promise<Shown> {
    if (!message) return { text: "" };
    await this.#append(message);
    return await presentMessage(message, stop, signal, {
      extensions: this.#extensions,
      emit: (e) => this.#emit(e),
      lifecycle: (e) => this.#lifecycle(e),
    });
  }

  /** Answers calls made past the step limit (so the transcript stays valid); returns the error. */
  async #refuseOverLimit(calls: readonly ToolCallBlock[]): Promise<string> {
    const note = `not run: the step limit of ${this.#maxSteps} model calls was reached`;
    await this.#append(toolMessage(calls.map((c) => errorResult(c.id, note))));
    return `stopped after ${this.#maxSteps} model calls (the step limit) while the model ` +
      `still wanted to call tools; raise it with --max-steps`;
  }

  #toolHooks(): ToolRunHooks {
    return {
      emit: (e: AgentEvent) => this.#emit(e),
      extensions: this.#extensions,
      toolset: this.#toolset,
      cwd: this.#cwd,
      approvals: this.#approvals,
      jail: this.#jail,
      lifecycle: (e: LifecycleEvent) => this.#lifecycle(e),
    };
  }

  #request(signal: AbortSignal) {
    return {
      model: this.#model,
      system: this.#system,
      messages: [...this.#messages],
      tools: this.#toolset.specs(),
      maxTokens: this.#maxTokens,
      reasoning: this.#reasoning,
      signal,
    };
  }

  #result(
    stop: StopReason,
    error: string | undefined,
    text: string,
    withheld: string | undefined,
    steps: number,
  ): TurnResult {
    const result: TurnResult = { stop, text, steps, usage: this.#cost.turn };
    if (error !== undefined) result.error = error;
    if (withheld !== undefined) result.withheld = withheld;
    return result;
  }

  #turnEnd(step: number, stop: StopReason, error?: string): void {
    const event: AgentEvent = { type: "turn_end", step, stop };
    if (error !== undefined) event.error = error;
    this.#emit(event);
    this.#lifecycle(
      error === undefined ? { event: "turn_end", step, stop } : {
        event: "turn_end",
        step,
        stop,
        error,
      },
    );
  }

  #recordUsage(usage: Usage): [Usage, Usage] {
    const priced = this.#cost.price(this.#model, usage);
    this.#cost.add(priced);
    const cumulative = this.#cost.session;
    void this.#guardSession(() => this.#session.appendUsage(priced, cumulative));
    return [priced, cumulative];
  }

  async #append(message: Message): Promise<void> {
    this.#messages.push(message);
    await this.#guardSession(() => this.#session.append(message));
  }

  /** A failing session write is reported once and then the session is dropped. */
  async #guardSession(write: () => void | Promise<void>): Promise<void> {
    try {
      await write();
    } catch (err) {
      this.#session = NO_SESSION;
      this.#emit({
        type: "error",
        message: `session write failed, no longer saving this session: ${errorMessage(err)}`,
      });
    }
  }

  #lifecycle(event: LifecycleEvent): void {
    try {
      this.#extensions.emit(event);
    } catch {
      // Lifecycle events are fire-and-forget; a broken subscriber must not stop the turn.
    }
  }

  #emit(event: AgentEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // One failing renderer must not break the loop or the other listeners.
      }
    }
  }
}

function toolsKey(tools: readonly ExtensionTool[]): string {
  return JSON.stringify(tools.map((t) => [t.extension, t.spec]));
}
