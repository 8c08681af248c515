/** Encoding host frames as NDJSON lines: plain JSON, no validation, so no zod. */

import type { HostFrame } from "./wire_types.ts";

const encoder = new TextEncoder();

/** Serialises a host frame as one NDJSON line (with its trailing newline). */
export function encodeFrame(frame: HostFrame): string {
  return JSON.stringify(frame) + "\n";
}

/** Serialises a host frame to bytes, ready for a pipe. */
export function encodeFrameBytes(frame: HostFrame): Uint8Array {
  return encoder.encode(encodeFrame(frame));
}
