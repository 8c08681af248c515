/** File helpers shared by read, write and edit: path resolution and crash-safe writes. */

import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "../paths/mod.ts";
import { ToolError } from "../errors/mod.ts";

/** Resolves a tool path against cwd; `~` and `~/x` expand to $HOME. */
export function resolvePath(cwd: string, path: string): string {
  const home = Deno.env.get("HOME");
  if (home && (path === "~" || path.startsWith("~/"))) return join(home, path.slice(1));
  return isAbsolute(path) ? resolve(path) : resolve(cwd, path);
}

/** The path as the model should see it: relative to cwd when inside it, else absolute. */
export function displayPath(cwd: string, absolute: string): string {
  const rel = relative(cwd, absolute);
  const outside = rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel);
  return rel && !outside ? rel : absolute;
}

/** Stats a path, or undefined when nothing is there. */
export async function statOrUndefined(path: string): Promise<Deno.FileInfo | undefined> {
  try {
    return await Deno.stat(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound || err instanceof Deno.errors.NotADirectory) {
      return undefined;
    }
    throw err;
  }
}

/**
 * Replaces a file's content atomically (temp file in the same folder, then rename), so a
 * crash never leaves it half-written. Writes through symlinks and keeps the file's mode.
 */
export async function atomicWrite(path: string, data: Uint8Array): Promise<void> {
  let target = path;
  let mode: number | undefined;
  try {
    target = await Deno.realPath(path);
    mode = (await Deno.stat(target)).mode ?? undefined;
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  const temp = join(
    dirname(target),
    `.${basename(target)}.zot-${crypto.randomUUID().slice(0, 8)}.tmp`,
  );
  try {
    await Deno.writeFile(temp, data, { createNew: true, mode: mode ?? 0o644 });
    if (mode !== undefined && Deno.build.os !== "windows") await Deno.chmod(temp, mode & 0o7777);
    await Deno.rename(temp, target);
  } catch (err) {
    await Deno.remove(temp).catch(() => {});
    throw err;
  }
}

/** Number of lines in a text, counting a final line without a newline. */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let lines = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines++;
  return text.endsWith("\n") ? lines : lines + 1;
}

/** Cuts to at most max bytes without splitting a UTF-8 sequence. */
export function cutUtf8(bytes: Uint8Array, max: number): Uint8Array {
  if (bytes.length <= max) return bytes;
  let end = max;
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end);
}

/** Refuses to change a file the user made read-only (no write bit for anyone). */
export function checkWritable(tool: string, shown: string, info: Deno.FileInfo | undefined): void {
  if (!info || info.mode === null || Deno.build.os === "windows") return;
  if ((info.mode & 0o222) === 0) {
    const mode = (info.mode & 0o777).toString(8).padStart(4, "0");
    throw new ToolError(
      `tool_${tool}`,
      `${tool}: ${shown} is read-only (mode ${mode}); it was left unchanged. ` +
        "Ask the user before making it writable (chmod u+w)",
    );
  }
}
