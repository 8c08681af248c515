/**
 * Turns whatever a handler returned into a valid frame body. Types promise the right
 * shape, but plain JavaScript callers (and `as` casts) do not, so the SDK checks at runtime.
 */

import {
  allow,
  type CommandResponse,
  type Decision,
  respond,
  result,
  type ToolResult,
} from "./helpers.ts";

/** The message of a thrown value. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message || err.name : String(err);
}

/** True for a plain JSON-like object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const ACTIONS = new Set(["prompt", "insert", "display", "noop"]);

/** A command handler's return value as a response; throws on garbage. */
export function toResponse(value: unknown): CommandResponse {
  if (value === undefined || value === null) return respond.noop();
  if (isRecord(value) && typeof value.action === "string" && ACTIONS.has(value.action)) {
    return value as CommandResponse;
  }
  throw new TypeError("command handler returned something that is not a response (use respond.*)");
}

/** A tool handler's return value as a result; throws on garbage. */
export function toResult(value: unknown): ToolResult {
  if (typeof value === "string") return result.text(value);
  if (isRecord(value) && Array.isArray(value.content)) {
    return value.is_error === true ? { content: value.content, is_error: true } : {
      content: value.content,
    };
  }
  throw new TypeError("tool handler returned something that is not a result (use result.*)");
}

/** An intercept handler's return value as a decision; anything unclear allows. */
export function toDecision(value: unknown): Decision {
  if (!isRecord(value) || value.block !== true) {
    if (isRecord(value) && isRecord(value.modified_args)) {
      return { block: false, modified_args: value.modified_args };
    }
    if (isRecord(value)) {
      const patch = v11Patch(value);
      if (patch) return patch;
    }
    if (isRecord(value) && typeof value.replace_text === "string") {
      return { block: false, replace_text: value.replace_text };
    }
    return allow();
  }
  return { block: true, reason: typeof value.reason === "string" ? value.reason : "" };
}

/** The 1.1 fields of a decision (ask, context, result patches), or undefined when none. */
function v11Patch(value: Record<string, unknown>): Decision | undefined {
  if (value.ask === true) {
    return typeof value.reason === "string" && value.reason
      ? { block: false, ask: true, reason: value.reason }
      : { block: false, ask: true };
  }
  const out: Record<string, unknown> = {};
  if (typeof value.replace_text === "string") out.replace_text = value.replace_text;
  if (typeof value.additional_context === "string") {
    out.additional_context = value.additional_context;
  }
  if (Array.isArray(value.replace_content)) out.replace_content = value.replace_content;
  if (typeof value.is_error === "boolean") out.is_error = value.is_error;
  if (Object.keys(out).length === 0) return undefined;
  return { block: false, ...out } as Decision;
}
