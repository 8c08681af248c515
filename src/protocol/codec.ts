/**
 * Decoding extension lines: the validation boundary, and the protocol's second entrance
 * (see mod.ts). Importing it builds the zod schemas, so the extension runtime loads it
 * through loadCodec() as its first extension boots, and `zot ext check` imports it.
 */

import { z } from "zod";
import { EXTENSION_FRAME_SCHEMAS, type ExtensionFrame, type ExtensionFrameType } from "./frames.ts";
import { quickNotify, quickToolResult } from "./hot_frames.ts";

export { EXTENSION_FRAME_SCHEMAS };
export { encodeFrame, encodeFrameBytes } from "./encode.ts";

/** What one line from an extension decodes to. */
export type DecodedLine =
  | { kind: "frame"; frame: ExtensionFrame }
  | { kind: "malformed"; reason: string }
  | { kind: "unknown_type"; frameType: string }
  | { kind: "invalid"; frameType: ExtensionFrameType; reason: string };

function isFrameType(type: string): type is ExtensionFrameType {
  return Object.hasOwn(EXTENSION_FRAME_SCHEMAS, type);
}

/** Parses and validates one line an extension wrote; never throws. */
export function decodeLine(line: string): DecodedLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (err) {
    return { kind: "malformed", reason: `not JSON: ${(err as Error).message}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { kind: "malformed", reason: "a frame must be a JSON object" };
  }
  const type = (value as Record<string, unknown>).type;
  if (typeof type !== "string") {
    return { kind: "malformed", reason: 'a frame needs a string "type" field' };
  }
  if (!isFrameType(type)) return { kind: "unknown_type", frameType: type };
  const quick = type === "notify"
    ? quickNotify(value as Record<string, unknown>)
    : type === "tool_result"
    ? quickToolResult(value as Record<string, unknown>)
    : undefined;
  if (quick) return { kind: "frame", frame: quick };
  const result = EXTENSION_FRAME_SCHEMAS[type].safeParse(value);
  if (!result.success) {
    return { kind: "invalid", frameType: type, reason: describeIssues(result.error) };
  }
  return { kind: "frame", frame: result.data as ExtensionFrame };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.length ? `${issue.path.join(".")}: ` : "";
      return `${path}${issue.message}`;
    })
    .join("; ");
}
