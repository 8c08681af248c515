/**
 * The interception chain. Interceptors are asked one after another in spec order; the
 * first `block` wins and names the extension and its reason. No answer within the
 * timeout, a dead extension, or a failed write all mean allow (an unresponsive guard
 * never stalls the agent) — except for a required guard's tool_call, which then blocks.
 *
 * Rewrites chain: each interceptor sees the previous one's output. `modified_args` must
 * be a JSON object (anything else is ignored, with a log line). When the caller passes a
 * check (the tool's schema), every rewrite is checked as it is made, so the final args
 * are always valid. An invalid rewrite BLOCKS the call, naming the extension: the guard
 * meant to change the action, so running the original instead would defeat it, and
 * running the invalid one would fail anyway. `replace_text` chains the same way; an
 * empty string means no replacement.
 *
 * Protocol 1.1 adds three chains with the same order and the same fail-open rule (a guard
 * that times out, crashes or answers garbage changes nothing):
 * - tool_call `ask: true`: the call goes on down the chain (a later guard may still block
 *   or rewrite it) and the verdict carries the first ask, for the user to decide.
 * - tool_result: `replace_content` replaces the content, `is_error` sets the error flag,
 *   `additional_context` appends a text block; each interceptor sees the previous output.
 * - user_prompt: `block` stops the prompt (the reason is shown to the user, nothing reaches
 *   the model), `replace_text` rewrites it, `additional_context` is sent with it.
 */

import { errorMessage } from "../../errors/mod.ts";
import type { ImageBlock, TextBlock } from "../../messages/mod.ts";
import type {
  EventInterceptFrame,
  EventInterceptResponseFrame,
  InterceptableEvent,
  WireBlock,
} from "../../protocol/mod.ts";
import { requiredReason } from "./required.ts";
import type {
  ArgsCheck,
  BlockVerdict,
  PromptVerdict,
  TextVerdict,
  ToolCallVerdict,
  ToolResultInput,
  ToolResultVerdict,
  Verdict,
} from "./host_types.ts";

/** Default block reasons, per event. */
export const DEFAULT_BLOCK_REASONS: Record<InterceptableEvent, string> = {
  tool_call: "tool call refused by extension guard",
  turn_start: "turn blocked by extension guard",
  assistant_message: "assistant message blocked by extension guard",
  tool_result: "tool result withheld by extension guard",
  user_prompt: "prompt blocked by extension guard",
};

/** One extension that intercepts the event. */
export interface Interceptor {
  readonly name: string;
  /** A required guard: no answer blocks the tool call instead of allowing it. */
  readonly required?: boolean;
  /** Sends the intercept and awaits the answer; rejects on timeout or exit. */
  ask(frame: (id: string) => EventInterceptFrame): Promise<EventInterceptResponseFrame>;
  note(text: string): void;
}

type Payload = Omit<EventInterceptFrame, "type" | "id" | "event">;

async function askOne(
  ext: Interceptor,
  event: InterceptableEvent,
  payload: Payload,
): Promise<EventInterceptResponseFrame | undefined> {
  try {
    return await ext.ask((id) => ({ type: "event_intercept", id, event, ...payload }));
  } catch (err) {
    const outcome = ext.required && event === "tool_call"
      ? "blocking (required)"
      : "going on without its answer";
    ext.note(`intercept ${event}: ${errorMessage(err)}; ${outcome}`);
    return undefined;
  }
}

function blocked(ext: Interceptor, event: InterceptableEvent, reason?: string): BlockVerdict {
  const text = reason?.trim() || DEFAULT_BLOCK_REASONS[event];
  return { action: "block", extension: ext.name, reason: text };
}

/** Runs the tool_call chain. */
export async function interceptToolCall(
  interceptors: readonly Interceptor[],
  call: { id: string; name: string; args: Record<string, unknown> },
  check?: ArgsCheck,
): Promise<ToolCallVerdict> {
  let args = call.args;
  const rewrittenBy: string[] = [];
  let ask: { extension: string; reason?: string } | undefined;
  for (const ext of interceptors) {
    const answer = await askOne(ext, "tool_call", {
      tool_id: call.id,
      tool_name: call.name,
      tool_args: args,
    });
    if (!answer && ext.required) {
      return blocked(ext, "tool_call", requiredReason(ext.name, "it did not answer the intercept"));
    }
    if (!answer) continue;
    if (answer.block) return blocked(ext, "tool_call", answer.reason);
    if (answer.ask && !ask) {
      ask = { extension: ext.name, ...(answer.reason?.trim() ? { reason: answer.reason } : {}) };
    }
    const rewrite = answer.modified_args;
    if (rewrite === undefined || rewrite === null) continue;
    if (!isJsonObject(rewrite)) {
      ext.note(`modified_args for tool "${call.name}" ignored: it must be a JSON object`);
      continue;
    }
    if (jsonEqual(rewrite, args)) continue;
    const problems = check ? safeCheck(check, rewrite) : [];
    if (problems.length > 0) {
      ext.note(
        `modified_args for tool "${call.name}" do not match its schema (${problems.join("; ")}); ` +
          `the call is blocked`,
      );
      return {
        action: "block",
        extension: ext.name,
        reason: `extension "${ext.name}" rewrote the arguments of tool "${call.name}" into ` +
          `an invalid shape: ${problems.join("; ")}`,
      };
    }
    args = rewrite;
    rewrittenBy.push(ext.name);
  }
  return { action: "allow", args, rewrittenBy, ...(ask ? { ask } : {}) };
}

/** Runs the tool_result chain (protocol 1.1); never blocks, only changes the result. */
export async function interceptToolResult(
  interceptors: readonly Interceptor[],
  result: ToolResultInput,
  mapContent: (blocks: WireBlockIn[], extension: string) => (TextBlock | ImageBlock)[],
): Promise<ToolResultVerdict> {
  let content = result.content;
  let isError = result.isError;
  const changedBy: string[] = [];
  for (const ext of interceptors) {
    const answer = await askOne(ext, "tool_result", {
      tool_id: result.id,
      tool_name: result.name,
      tool_args: result.args,
      content: toWireBlocks(content),
      is_error: isError,
      duration_ms: result.durationMs,
    });
    if (!answer) continue;
    let changed = false;
    if (answer.replace_content !== undefined) {
      content = mapContent(answer.replace_content, ext.name);
      changed = true;
    }
    if (answer.is_error !== undefined && answer.is_error !== isError) {
      isError = answer.is_error;
      changed = true;
    }
    if (answer.additional_context?.trim()) {
      content = [...content, { type: "text", text: answer.additional_context }];
      changed = true;
    }
    if (changed) changedBy.push(ext.name);
  }
  return { content, isError, changedBy };
}

/** Runs the user_prompt chain (protocol 1.1); the first block wins. */
export async function interceptUserPrompt(
  interceptors: readonly Interceptor[],
  original: string,
): Promise<PromptVerdict> {
  let text = original;
  const rewrittenBy: string[] = [];
  const context: { extension: string; text: string }[] = [];
  for (const ext of interceptors) {
    const answer = await askOne(ext, "user_prompt", { text });
    if (!answer) continue;
    if (answer.block) return blocked(ext, "user_prompt", answer.reason);
    if (answer.replace_text && answer.replace_text !== text) {
      text = answer.replace_text;
      rewrittenBy.push(ext.name);
    }
    if (answer.additional_context?.trim()) {
      context.push({ extension: ext.name, text: answer.additional_context });
    }
  }
  return { action: "allow", text, context, rewrittenBy };
}

/** A content block as an interceptor sends it back. */
export type WireBlockIn = NonNullable<EventInterceptResponseFrame["replace_content"]>[number];

/** zot's content blocks as 1.1 event payloads carry them. */
export function toWireBlocks(blocks: readonly (TextBlock | ImageBlock)[]): WireBlock[] {
  return blocks.map((b) =>
    b.type === "text"
      ? { type: "text", text: b.text }
      : { type: "image", mime_type: b.mimeType, data: b.data }
  );
}

/** Runs the turn_start chain (block or allow only). */
export async function interceptTurnStart(
  interceptors: readonly Interceptor[],
  step: number,
): Promise<Verdict> {
  for (const ext of interceptors) {
    const answer = await askOne(ext, "turn_start", { step });
    if (answer?.block) return blocked(ext, "turn_start", answer.reason);
  }
  return { action: "allow" };
}

/** Runs the assistant_message chain; `replace_text` rewrites chain. */
export async function interceptAssistantMessage(
  interceptors: readonly Interceptor[],
  original: string,
): Promise<TextVerdict> {
  let text = original;
  const rewrittenBy: string[] = [];
  for (const ext of interceptors) {
    const answer = await askOne(ext, "assistant_message", { text });
    if (!answer) continue;
    if (answer.block) return blocked(ext, "assistant_message", answer.reason);
    if (answer.replace_text && answer.replace_text !== text) {
      text = answer.replace_text;
      rewrittenBy.push(ext.name);
    }
  }
  return { action: "allow", text, rewrittenBy };
}

function safeCheck(check: ArgsCheck, args: Record<string, unknown>): string[] {
  try {
    return check(args);
  } catch (err) {
    return [`the schema check failed: ${errorMessage(err)}`];
  }
}

/** A plain JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Structural equality of JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const rb = b as Record<string, unknown>;
  return ka.every((k) =>
    Object.hasOwn(rb, k) && jsonEqual((a as Record<string, unknown>)[k], rb[k])
  );
}
