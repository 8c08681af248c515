/**
 * The fingerprint project trust is pinned to: a SHA-256 over every file of an extension
 * folder (names, exec bits, contents), in a fixed order. Symlinks are hashed as their target
 * text and never followed, so a link that points out of the folder neither leaks what it
 * points at nor lets the fingerprint wander over the disk; a changed link target is a change.
 */

import { join } from "../../paths/mod.ts";
import { tryParseJsonc } from "../../jsonc/mod.ts";
import { MANIFEST_FILE } from "../manifest/mod.ts";
import type { Hash } from "./sha256.ts";

// Python writes bytecode caches next to the modules it imports; hashing them would make
// every project Python extension "modified" after its first run. Python rebuilds a cache
// whose recorded source size/mtime does not match, so the sources (hashed) decide what runs.
const SKIPPED_FOLDERS = new Set(["__pycache__"]);

/** The hex SHA-256 fingerprint of the folder `dir` (resolved to its real path first). */
export async function hashExtensionTree(dir: string): Promise<string> {
  const { sha256 } = await import("./sha256.ts");
  const hash = sha256();
  hash.update("zot-tree-v1\0");
  await hashFolder(hash, await Deno.realPath(dir), "");
  return hash.digest("hex");
}

function byName(a: Deno.DirEntry, b: Deno.DirEntry): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

async function hashFolder(hash: Hash, root: string, relative: string): Promise<void> {
  const entries: Deno.DirEntry[] = [];
  for await (const entry of Deno.readDir(join(root, relative))) entries.push(entry);
  for (const entry of entries.sort(byName)) {
    const rel = relative ? `${relative}/${entry.name}` : entry.name;
    const path = join(root, rel);
    if (entry.isSymlink) {
      hash.update(`L\0${rel}\0${await Deno.readLink(path)}\0`);
    } else if (entry.isDirectory) {
      if (SKIPPED_FOLDERS.has(entry.name)) continue;
      hash.update(`D\0${rel}\0`);
      await hashFolder(hash, root, rel);
    } else if (entry.isFile) {
      await hashFile(hash, path, rel);
    } else {
      hash.update(`O\0${rel}\0`);
    }
  }
}

async function hashFile(hash: Hash, path: string, rel: string): Promise<void> {
  const info = await Deno.lstat(path);
  const exec = ((info.mode ?? 0) & 0o111) !== 0 ? "x" : "-";
  if (rel === MANIFEST_FILE) {
    hash.update(`M\0${rel}\0${await manifestFingerprint(await Deno.readTextFile(path))}\0`);
    return;
  }
  hash.update(`F\0${rel}\0${exec}\0${info.size}\0`);
  // The readable closes the file when it ends or fails.
  const file = await Deno.open(path, { read: true });
  for await (const chunk of file.readable) hash.update(chunk);
}

/**
 * The manifest counts by meaning, minus `enabled`: `zot ext enable/disable` rewrite that
 * field, and comments or formatting change nothing that runs. Unparsable text counts as is.
 */
async function manifestFingerprint(text: string): Promise<string> {
  const parsed = await tryParseJsonc(text);
  if (!parsed.ok || typeof parsed.value !== "object" || parsed.value === null) return text;
  const { enabled: _enabled, ...rest } = parsed.value as Record<string, unknown>;
  return canonical(rest);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const keys = Object.keys(value).sort();
    const record = value as Record<string, unknown>;
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(record[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
