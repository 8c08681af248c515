/**
 * Assembles one streamed model answer into an AssistantMessage, and produces the
 * StreamEvents for each piece. Shared by every provider so abort/error handling is uniform.
 */

import {
  type AssistantMessage,
  now,
  type StopReason,
  type TextBlock,
  type ThinkingBlock,
  type ToolCallBlock,
  type Usage,
  zeroUsage,
} from "../messages/mod.ts";
import { priceUsage } from "./cost.ts";
import type { ModelInfo } from "./model_info.ts";
import type { StreamEvent } from "./types.ts";

type Part =
  | { kind: "text"; key: string; text: string }
  | { kind: "thinking"; key: string; text: string; signature?: string; redacted?: string }
  | { kind: "tool"; key: string; id: string; name: string; args: string; ended: boolean };

/** The parts of one answer, in order, keyed by the provider's block/choice index. */
export class TurnBuilder {
  #parts: Part[] = [];
  #usage: Usage = zeroUsage();
  #model: ModelInfo;
  #stop?: StopReason;
  /** Whether any text/thinking/tool event was produced (then the call is not retried). */
  started = false;

  constructor(model: ModelInfo) {
    this.#model = model;
  }

  /** The stop reason, once the provider reported one. */
  get stopReason(): StopReason | undefined {
    return this.#stop;
  }

  /** Records the provider's stop reason (the stream is complete). */
  stop(reason: StopReason): void {
    this.#stop = reason;
  }

  /** Overwrites the usage counters the provider reported (missing fields are kept). */
  setUsage(u: Partial<Omit<Usage, "costUsd">>): void {
    this.#usage = { ...this.#usage, ...definedOnly(u) };
  }

  /** Appends text to the text part with this key. */
  text(key: string, delta: string): StreamEvent | undefined {
    if (!delta) return undefined;
    const part = this.#find(key, "text") ?? this.#add({ kind: "text", key, text: "" });
    part.text += delta;
    this.started = true;
    return { type: "text_delta", delta };
  }

  /** Appends reasoning text to the thinking part with this key. */
  thinking(key: string, delta: string): StreamEvent | undefined {
    const part = this.#find(key, "thinking") ?? this.#add({ kind: "thinking", key, text: "" });
    if (!delta) return undefined;
    part.text += delta;
    this.started = true;
    return { type: "thinking_delta", delta };
  }

  /**
   * Sets the replay signature of the thinking part with this key. A signature arrives whole
   * (in one signature_delta, or already in content_block_start), so a later one replaces it.
   */
  signature(key: string, signature: string): void {
    const part = this.#find(key, "thinking") ??
      this.#add<Extract<Part, { kind: "thinking" }>>({ kind: "thinking", key, text: "" });
    if (signature) part.signature = signature;
  }

  /** Records encrypted reasoning (Anthropic `redacted_thinking`), kept for replay. */
  redacted(key: string, data: string): void {
    if (!data) return;
    this.#add<Extract<Part, { kind: "thinking" }>>({
      kind: "thinking",
      key,
      text: "",
      redacted: data,
    });
    this.started = true;
  }

  /** Starts a tool call. */
  toolStart(key: string, id: string, name: string): StreamEvent {
    this.#add({ kind: "tool", key, id, name, args: "", ended: false });
    this.started = true;
    return { type: "tool_use_start", id, name };
  }

  /** Appends raw JSON argument text to a tool call. */
  toolArgs(key: string, delta: string): StreamEvent | undefined {
    const part = this.#find(key, "tool");
    if (!part || !delta) return undefined;
    part.args += delta;
    return { type: "tool_use_args", id: part.id, delta };
  }

  /** Marks a tool call complete. */
  toolEnd(key: string): StreamEvent | undefined {
    const part = this.#find(key, "tool");
    if (!part || part.ended) return undefined;
    part.ended = true;
    return { type: "tool_use_end", id: part.id };
  }

  /** Ends every tool call still open (for APIs without per-call end events). */
  endAllTools(): StreamEvent[] {
    const events: StreamEvent[] = [];
    for (const p of this.#parts) {
      if (p.kind === "tool") {
        const ev = this.toolEnd(p.key);
        if (ev) events.push(ev);
      }
    }
    return events;
  }

  /** The key of the most recently started tool call, if any. */
  lastToolKey(): string | undefined {
    return this.#parts.findLast((p) => p.kind === "tool")?.key;
  }

  /** Whether the tool call with this key exists. */
  hasTool(key: string): boolean {
    return this.#find(key, "tool") !== undefined;
  }

  /** Usage so far, priced for the model. */
  usage(): Usage {
    return priceUsage(this.#model, this.#usage);
  }

  /** Whether the provider reported any token counts. */
  hasUsage(): boolean {
    const u = this.#usage;
    return u.input + u.output + u.cacheRead + u.cacheWrite > 0;
  }

  /** The finished message. Truncated (`length`) tool calls whose args do not parse are dropped. */
  finish(): AssistantMessage {
    const stop = this.#stop ?? "end";
    const content: AssistantMessage["content"] = [];
    for (const p of this.#parts) {
      if (p.kind !== "tool") {
        const block = textual(p);
        if (block) content.push(block);
        continue;
      }
      const args = parseArgs(p.args);
      if (args === undefined && stop === "length") continue;
      const call: ToolCallBlock = { type: "tool_call", id: p.id, name: p.name, args: args ?? {} };
      content.push(call);
    }
    return this.#message(content, stop);
  }

  /** The message for an aborted answer: partial text kept, every tool call dropped. */
  aborted(): AssistantMessage {
    return this.#message(this.#textual(), "aborted");
  }

  /** The message for an answer that failed after output started. */
  failed(error: string): AssistantMessage {
    const message = this.#message(this.#textual(), "error");
    message.error = error;
    return message;
  }

  #textual(): AssistantMessage["content"] {
    return this.#parts.flatMap((p) => {
      const block = p.kind === "tool" ? undefined : textual(p);
      return block ? [block] : [];
    });
  }

  #message(content: AssistantMessage["content"], stopReason: StopReason): AssistantMessage {
    return {
      role: "assistant",
      content,
      time: now(),
      stopReason,
      usage: this.usage(),
      model: this.#model.id,
    };
  }

  #find<K extends Part["kind"]>(key: string, kind: K): Extract<Part, { kind: K }> | undefined {
    return this.#parts.find((p): p is Extract<Part, { kind: K }> =>
      p.key === key && p.kind === kind
    );
  }

  #add<P extends Part>(part: P): P {
    this.#parts.push(part);
    return part;
  }
}

function textual(p: Exclude<Part, { kind: "tool" }>): TextBlock | ThinkingBlock | undefined {
  if (p.kind === "text") return p.text ? { type: "text", text: p.text } : undefined;
  if (!p.text && !p.signature && !p.redacted) return undefined;
  const block: ThinkingBlock = { type: "thinking", text: p.text };
  if (p.signature) block.signature = p.signature;
  if (p.redacted) block.redacted = p.redacted;
  return block;
}

/** Parses streamed tool arguments: empty means `{}`, anything but a JSON object is undefined. */
export function parseArgs(raw: string): Record<string, unknown> | undefined {
  if (raw.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch { /* malformed */ }
  return undefined;
}

function definedOnly<T extends object>(obj: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(obj).filter(([, v]) => typeof v === "number" && Number.isFinite(v)),
  ) as Partial<T>;
}
