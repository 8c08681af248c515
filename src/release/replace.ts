/**
 * Swapping the zot binary in place. The path always names a complete binary: the new one is
 * written beside it and renamed over it (atomic on one file system), and the old one stays
 * as `<binary>.previous` for `zot upgrade --rollback`.
 */

import { dirname, extname } from "../paths/mod.ts";
import { ReleaseError } from "../errors/mod.ts";

/** Where the binary that was replaced is kept. */
export function previousPath(binary: string): string {
  return `${binary}.previous`;
}

/** Writes the new binary beside `binary` (same folder, so the rename cannot cross devices). */
export async function stageBinary(binary: string, bytes: Uint8Array): Promise<string> {
  // Same extension as the binary: Windows runs only an .exe, and the new one is run once.
  const staged = await Deno.makeTempFile({
    dir: dirname(binary),
    prefix: ".zot-upgrade-",
    suffix: extname(binary),
  })
    .catch((err) => {
      throw new ReleaseError(
        "binary_not_writable",
        `cannot write beside ${binary}: ${err instanceof Error ? err.message : err}`,
        { cause: err, hint: "rerun as the user who owns it, or reinstall with install.sh" },
      );
    });
  await Deno.writeFile(staged, bytes);
  if (Deno.build.os !== "windows") await Deno.chmod(staged, 0o755);
  return staged;
}

/** Puts `staged` in place of `binary`, keeping the current binary as `<binary>.previous`. */
export async function installStaged(binary: string, staged: string): Promise<void> {
  const previous = previousPath(binary);
  await Deno.remove(previous).catch(ignoreNotFound);
  if (Deno.build.os === "windows") {
    // A running .exe cannot be overwritten, but it can be renamed away.
    await Deno.rename(binary, previous);
  } else {
    // A hard link keeps the old binary without a moment where `binary` is missing.
    await Deno.link(binary, previous).catch(() => Deno.copyFile(binary, previous));
  }
  await Deno.rename(staged, binary);
}

/** Swaps `binary` and `<binary>.previous`, so a second rollback undoes the first. */
export async function rollBack(binary: string): Promise<void> {
  const previous = previousPath(binary);
  try {
    await Deno.stat(previous);
  } catch {
    throw new ReleaseError(
      "no_previous_binary",
      `no previous zot to roll back to (${previous} does not exist)`,
      { hint: "zot upgrade --rollback works after a zot upgrade" },
    );
  }
  const swap = `${binary}.rollback`;
  await Deno.remove(swap).catch(ignoreNotFound);
  if (Deno.build.os === "windows") await Deno.rename(binary, swap);
  else await Deno.link(binary, swap).catch(() => Deno.copyFile(binary, swap));
  await Deno.rename(previous, binary);
  await Deno.rename(swap, previous);
}

function ignoreNotFound(err: unknown): void {
  if (!(err instanceof Deno.errors.NotFound)) throw err;
}
