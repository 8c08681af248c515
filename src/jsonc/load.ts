/**
 * JSONC for callers on a run's path: jsonc-parser ships only a CommonJS build Deno can load,
 * and the first CommonJS module costs a Node start-up (~25 ms and ~8 MiB). Plain JSON, what
 * most manifests are, is read by JSON.parse; the parser loads only for text with comments or
 * trailing commas, for an error's line and column, and for edits.
 */

import type { JsoncPath, JsoncResult } from "./problem.ts";

/** Parses JSONC text; syntax errors come back as problems instead of a thrown error. */
export async function tryParseJsonc(text: string): Promise<JsoncResult> {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    // Not plain JSON: comments, trailing commas, or an error to place.
  }
  const jsonc = await import("./jsonc.ts");
  return jsonc.tryParseJsonc(text);
}

/**
 * Sets the value at `path` and returns the new text, keeping comments and layout; throws a
 * ConfigError when the text is not valid JSONC or the edit would not take effect.
 */
export async function setJsoncProperty(
  text: string,
  path: JsoncPath,
  value: unknown,
  file?: string,
): Promise<string> {
  const jsonc = await import("./jsonc.ts");
  return jsonc.setJsoncProperty(text, path, value, file);
}
