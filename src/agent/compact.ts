/** Compaction: summarise the older part of a conversation with the model itself. */

import { ZotError } from "../errors/mod.ts";
import { type Message, now, type Usage, type UserMessage } from "../messages/mod.ts";
import type { Provider } from "../providers/mod.ts";
import { streamModelStep } from "./model_step.ts";
import type { AgentEvent } from "./events.ts";

/** Messages kept verbatim after the summary. */
export const DEFAULT_KEEP_TAIL = 4;

/** The heading of the synthetic user message that replaces the compacted part. */
export const SUMMARY_HEADING = "## Context Summary (compacted)";

const SUMMARY_SYSTEM_PROMPT =
  `You are a summarisation assistant for a coding agent. You receive the transcript of an ` +
  `earlier part of a working session between a user and the agent. Write a compact, factual ` +
  `summary the agent can continue from without the transcript. Keep file paths, commands, ` +
  `decisions, errors and unfinished work. Do not invent anything. Use exactly this structure:

## Goal
## Constraints & Preferences
## Progress
## Key Decisions
## Next Steps
## Critical Context`;

/** The result of a successful compaction. */
export interface Compaction {
  messages: Message[];
  summary: string;
  /** Rough token count of the part that was summarised (characters / 4). */
  tokensBefore: number;
}

/** Renders messages as the plain-text transcript the summariser reads. */
export function renderTranscript(messages: readonly Message[]): string {
  const parts: string[] = [];
  for (const message of messages) {
    const lines: string[] = [];
    for (const block of message.content) {
      switch (block.type) {
        case "text":
          lines.push(block.text);
          break;
        case "image":
          lines.push(`[image: ${block.mimeType}, ${base64Bytes(block.data)} bytes]`);
          break;
        case "tool_call":
          lines.push(`[tool_call ${block.name} ${JSON.stringify(block.args)}]`);
          break;
        case "tool_result":
          lines.push(
            `[tool_result${block.isError ? " error" : ""}] ` +
              block.content.map((b) =>
                b.type === "text" ? b.text : `[image: ${b.mimeType}, ${base64Bytes(b.data)} bytes]`
              ).join("\n"),
          );
          break;
        case "thinking":
          break;
      }
    }
    parts.push(`--- ${message.role} ---\n${lines.join("\n")}`);
  }
  return parts.join("\n\n");
}

/** Byte count of base64 data without decoding it. */
export function base64Bytes(data: string): number {
  const clean = data.replace(/\s/g, "");
  const padding = clean.endsWith("==") ? 2 : clean.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor(clean.length * 3 / 4) - padding);
}

/** What compact() needs from the agent. */
export interface CompactHooks {
  emit(event: AgentEvent): void;
  recordUsage(usage: Usage): [Usage, Usage];
}

/**
 * Summarises all but the last `keepTail` messages and returns the new transcript: one
 * synthetic user message with the summary, then the tail (tool results whose calls
 * were summarised away are dropped so the transcript stays valid).
 */
export async function compactMessages(
  provider: Provider,
  model: string,
  messages: readonly Message[],
  keepTail: number,
  signal: AbortSignal,
  hooks: CompactHooks,
): Promise<Compaction> {
  if (messages.length === 0) {
    throw new ZotError("compact_empty", "nothing to compact: the conversation is empty");
  }
  if (messages.length <= keepTail) {
    throw new ZotError(
      "compact_too_short",
      `nothing to compact: the conversation has ${messages.length} messages and the last ` +
        `${keepTail} are always kept`,
    );
  }
  const head = messages.slice(0, messages.length - keepTail);
  const tail = dropOrphanResults(messages.slice(messages.length - keepTail));
  const transcript = renderTranscript(head);
  const outcome = await streamModelStep(provider, {
    model,
    system: SUMMARY_SYSTEM_PROMPT,
    messages: [{
      role: "user",
      content: [{ type: "text", text: `Summarise this transcript:\n\n${transcript}` }],
      time: now(),
    }],
    tools: [],
    maxTokens: 4096,
    signal,
  }, { emit: hooks.emit, recordUsage: hooks.recordUsage, holdText: true });
  if (outcome.stop === "aborted") throw new ZotError("cancelled", "compaction was cancelled", 130);
  if (outcome.stop === "error") {
    throw new ZotError("compact_failed", `compaction failed: ${outcome.error}`);
  }
  const summary = (outcome.message?.content ?? [])
    .flatMap((b) => b.type === "text" ? [b.text] : []).join("\n").trim();
  if (!summary) throw new ZotError("compact_empty_summary", "compaction failed: empty summary");
  const synthetic: UserMessage = {
    role: "user",
    content: [{ type: "text", text: `${SUMMARY_HEADING}\n\n${summary}` }],
    time: now(),
  };
  return {
    messages: [synthetic, ...tail],
    summary,
    tokensBefore: Math.round(transcript.length / 4),
  };
}

function dropOrphanResults(tail: Message[]): Message[] {
  const calls = new Set<string>();
  const kept: Message[] = [];
  for (const message of tail) {
    if (message.role === "assistant") {
      for (const b of message.content) if (b.type === "tool_call") calls.add(b.id);
      kept.push(message);
    } else if (message.role === "tool") {
      const content = message.content.filter((r) => calls.has(r.callId));
      if (content.length) kept.push({ ...message, content });
    } else {
      kept.push(message);
    }
  }
  return kept;
}
