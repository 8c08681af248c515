/** Small file-system helpers every layer uses. */

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
