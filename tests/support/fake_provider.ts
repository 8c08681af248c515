/** A scripted in-process Provider for agent and mode tests; records every request. */

import type { AssistantMessage, Usage } from "../../src/messages/mod.ts";
import type { ModelRequest, Provider, StreamEvent } from "../../src/providers/mod.ts";

/** One scripted model answer: events to stream, or a function of the request. */
export type ScriptStep =
  | StreamEvent[]
  | ((request: ModelRequest) => StreamEvent[] | AsyncIterable<StreamEvent>);

/** A usage record with only input/output set. */
export function usage(input: number, output: number): Usage {
  return { input, output, cacheRead: 0, cacheWrite: 0, costUsd: 0 };
}

/** A text answer that ends the turn. */
export function say(text: string, use: Usage = usage(10, 5)): StreamEvent[] {
  const message: AssistantMessage = {
    role: "assistant",
    content: [{ type: "text", text }],
    time: new Date().toISOString(),
    stopReason: "end",
  };
  return [{ type: "text_delta", delta: text }, { type: "usage", usage: use }, {
    type: "done",
    message,
  }];
}

/** An answer that calls tools (optionally after some text). */
export function callTools(
  calls: { id: string; name: string; args: Record<string, unknown> }[],
  text = "",
): StreamEvent[] {
  const events: StreamEvent[] = [];
  if (text) events.push({ type: "text_delta", delta: text });
  for (const c of calls) {
    events.push({ type: "tool_use_start", id: c.id, name: c.name });
    events.push({ type: "tool_use_args", id: c.id, delta: JSON.stringify(c.args) });
    events.push({ type: "tool_use_end", id: c.id });
  }
  events.push({ type: "usage", usage: usage(20, 8) });
  events.push({
    type: "done",
    message: {
      role: "assistant",
      content: [
        ...(text ? [{ type: "text" as const, text }] : []),
        ...calls.map((c) => ({ type: "tool_call" as const, ...c })),
      ],
      time: new Date().toISOString(),
      stopReason: "tool_use",
    },
  });
  return events;
}

/** Streams `deltas`, then waits for the request's abort and ends as the contract says. */
export function hangAfter(deltas: string[], started?: () => void): ScriptStep {
  return (request) => ({
    async *[Symbol.asyncIterator]() {
      for (const d of deltas) yield { type: "text_delta", delta: d } as StreamEvent;
      yield { type: "tool_use_start", id: "partial", name: "bash" } as StreamEvent;
      started?.();
      await new Promise<void>((resolve) => {
        if (request.signal?.aborted) return resolve();
        request.signal?.addEventListener("abort", () => resolve(), { once: true });
      });
      throw new DOMException("aborted", "AbortError");
    },
  });
}

/** A provider that answers from a script, one step per model call. */
export class FakeProvider implements Provider {
  readonly name: string;
  readonly requests: ModelRequest[] = [];
  #script: ScriptStep[];

  constructor(script: ScriptStep[], name = "fake") {
    this.#script = [...script];
    this.name = name;
  }

  /** Steps not yet used. */
  get remaining(): number {
    return this.#script.length;
  }

  async *stream(request: ModelRequest): AsyncIterable<StreamEvent> {
    // Keep a snapshot: the agent's transcript array keeps growing after the call.
    this.requests.push({ ...request, messages: structuredClone(request.messages) });
    const step = this.#script.shift();
    if (!step) throw new Error("fake provider: script exhausted");
    const events = typeof step === "function" ? step(request) : step;
    for await (const event of events) yield event;
  }
}
