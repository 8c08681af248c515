/** Small file-system helpers every layer uses. */

import { dirname } from "../paths/mod.ts";

/** Creates a folder (and its parents) when missing; returns its path. */
export async function ensureDir(path: string): Promise<string> {
  await Deno.mkdir(path, { recursive: true });
  return path;
}

/** Whether something exists at path (a broken symlink counts); other errors are thrown. */
export async function pathExists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return false;
    throw err;
  }
}

/**
 * Writes a file so a reader never sees it half-written: a temp file in the same folder,
 * then a rename. `mode` is applied exactly (not narrowed by the umask). Creates the folder.
 */
export async function writeTextAtomic(
  path: string,
  text: string,
  options: { mode?: number } = {},
): Promise<void> {
  await Deno.mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${crypto.randomUUID()}.tmp`;
  try {
    await Deno.writeTextFile(tmp, text, options.mode === undefined ? {} : { mode: options.mode });
    if (options.mode !== undefined && Deno.build.os !== "windows") {
      await Deno.chmod(tmp, options.mode);
    }
    await Deno.rename(tmp, path);
  } catch (err) {
    await Deno.remove(tmp).catch(() => {});
    throw err;
  }
}
