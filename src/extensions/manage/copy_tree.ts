/** Recursive folder copy for `zot ext install <path>`: files keep their mode, links stay links. */

import { join } from "../../paths/mod.ts";
import { CancelledError } from "../../errors/mod.ts";

/** Options for copyTree. */
export interface CopyTreeOptions {
  /** Real (symlink-free) source paths not to copy, e.g. the install destination itself. */
  skip?: ReadonlySet<string>;
  /** Stops the copy between entries; the caller cleans up what was copied. */
  signal?: AbortSignal;
}

/**
 * Copies the folder `from` to `to` (which must not exist yet). Symlinks are copied as links,
 * never followed, so a link cycle or a link to `/` cannot blow up the copy. Sockets and
 * other special files are skipped.
 */
export async function copyTree(
  from: string,
  to: string,
  options: CopyTreeOptions = {},
): Promise<void> {
  const info = await Deno.stat(from);
  await Deno.mkdir(to, { mode: info.mode ?? undefined });
  for await (const entry of Deno.readDir(from)) {
    if (options.signal?.aborted) throw new CancelledError("install cancelled");
    const source = join(from, entry.name);
    if (options.skip?.has(source)) continue;
    const target = join(to, entry.name);
    if (entry.isDirectory) {
      await copyTree(source, target, options);
    } else if (entry.isFile) {
      await Deno.copyFile(source, target);
    } else if (entry.isSymlink) {
      await copyLink(source, target);
    }
  }
}

async function copyLink(source: string, target: string): Promise<void> {
  const link = await Deno.readLink(source);
  let type: "file" | "dir" | undefined;
  if (Deno.build.os === "windows") {
    // Windows needs to know what a link points at; a dangling link is copied as a file link.
    type = await Deno.stat(source).then((s) => (s.isDirectory ? "dir" : "file"), () => "file");
  }
  await Deno.symlink(link, target, type ? { type } : undefined);
}
