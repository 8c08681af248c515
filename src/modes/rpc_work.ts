/**
 * The rpc work queue: prompts and compactions run one at a time, in arrival order. A
 * prompt sent while the agent is busy is queued (and answered at once with its queue
 * position); abort cancels the running item and drops the queued ones, each of which
 * still ends with its own `done` so every accepted prompt gets exactly one.
 */

import type { Agent, AgentEvent } from "../agent/mod.ts";
import type { ImageBlock, TextBlock } from "../messages/mod.ts";

/** One unit of queued work; `id` is the id of the command that asked for it. */
export type WorkItem =
  | { kind: "prompt"; content: (TextBlock | ImageBlock)[]; id?: string }
  | { kind: "compact"; id?: string };

/** Where the queue writes events (already in wire form by the caller). */
export type EventSink = (event: AgentEvent, id: string | undefined) => void;

/** Runs work items sequentially against one agent. */
export class WorkQueue {
  #agent: Agent;
  #sink: EventSink;
  #queue: WorkItem[] = [];
  #active?: { item: WorkItem; controller: AbortController };
  #dropped: WorkItem[] = [];
  #idle: Promise<void> = Promise.resolve();
  #wakeIdle?: () => void;

  constructor(agent: Agent, sink: EventSink) {
    this.#agent = agent;
    this.#sink = sink;
    agent.subscribe((event) => this.#sink(event, this.#active?.item.id));
  }

  /** Whether something runs or waits. */
  get busy(): boolean {
    return this.#active !== undefined || this.#queue.length > 0;
  }

  /** Items waiting behind the running one. */
  get queued(): number {
    return this.#queue.length;
  }

  /**
   * Adds an item. Returns 0 when it starts now, else its 1-based queue position.
   * Call it after writing the command's response, so the response precedes the events.
   */
  add(item: WorkItem): number {
    if (!this.busy) {
      this.#queue.push(item);
      this.#start();
      return 0;
    }
    this.#queue.push(item);
    return this.#queue.length;
  }

  /** The position an item would get if added now (0 = starts at once). */
  nextPosition(): number {
    return this.busy ? this.#queue.length + 1 : 0;
  }

  /** Cancels the running item and drops the queue; returns whether anything was running. */
  abort(): boolean {
    this.#dropped.push(...this.#queue);
    this.#queue = [];
    if (!this.#active) {
      this.#flushDropped();
      return false;
    }
    this.#active.controller.abort();
    return true;
  }

  /** Resolves when nothing runs or waits. */
  whenIdle(): Promise<void> {
    return this.#idle;
  }

  #start(): void {
    this.#idle = new Promise((resolve) => this.#wakeIdle = resolve);
    void this.#pump();
  }

  async #pump(): Promise<void> {
    while (this.#queue.length > 0) {
      const item = this.#queue.shift()!;
      const controller = new AbortController();
      this.#active = { item, controller };
      try {
        if (item.kind === "prompt") {
          await this.#agent.prompt(item.content, { signal: controller.signal });
        } else {
          await this.#agent.compact({ signal: controller.signal });
        }
      } catch (err) {
        // The agent reports failures as events; only a broken invariant lands here.
        const message = err instanceof Error ? err.message : String(err);
        this.#sink({ type: "error", message }, item.id);
        this.#sink({ type: "done", stop: "error" }, item.id);
      } finally {
        this.#active = undefined;
      }
      this.#flushDropped();
    }
    this.#wakeIdle?.();
  }

  #flushDropped(): void {
    const dropped = this.#dropped;
    this.#dropped = [];
    for (const item of dropped) this.#sink({ type: "done", stop: "aborted" }, item.id);
  }
}
