/** Small file-system checks the tests share. */

/** Whether `path` exists (following symlinks). */
export async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}
