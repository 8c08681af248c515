/**
 * Small JSON files zot owns under `$ZOT_HOME` (trust, install ids, required extensions): read
 * with a shape check, written atomically. They live outside every extension folder, so an
 * extension that rewrites its own files cannot change what the user decided about it.
 */

import { join } from "../../paths/mod.ts";
import { writeTextAtomic } from "../../config/mod.ts";
import { ConfigError } from "../../errors/mod.ts";

/** Reads `file`; a missing file is `empty`, a corrupt one an error naming the fix. */
export async function readStore<T>(
  file: string,
  empty: () => T,
  valid: (value: unknown) => value is T,
  fix: string,
): Promise<T> {
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return empty();
    throw new ConfigError("store_unreadable", `cannot read ${file}`, {
      cause: err,
      hint: (err as Error).message,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ConfigError("store_corrupt", `${file} is not valid JSON`, { cause: err, hint: fix });
  }
  if (!valid(value)) {
    throw new ConfigError("store_corrupt", `${file} has an unknown shape`, {
      hint: fix,
    });
  }
  return value;
}

/** Writes `value` as pretty JSON, readable by the user only. */
export async function writeStore(file: string, value: unknown): Promise<void> {
  await writeTextAtomic(file, JSON.stringify(value, null, 2) + "\n", { mode: 0o600 });
}

/** A plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The real (symlink-free) path of a folder, or its absolute path when it cannot be resolved. */
export async function realDir(dir: string): Promise<string> {
  try {
    return await Deno.realPath(dir);
  } catch {
    return dir;
  }
}

/**
 * The files where the user's decisions about extensions live (trust, install ids, required
 * guards): an extension allowed to write them could trust or un-require itself, so the
 * sandbox counts write access over them as full access.
 */
export function decisionFiles(home: string): string[] {
  return ["trust.json", "installs.json", "required.json"].map((name) => join(home, name));
}
