/**
 * The hidden staging folders of `zot ext install` and `zot ext remove` carry the pid of
 * the zot that made them (`.zot-install-<pid>-…`). A zot killed mid-install leaves its
 * folder behind; the next zot start removes every staging folder whose owner is gone
 * (on Linux, where /proc tells), or that is over an hour old (elsewhere, and for folders
 * named before the pid was part of the name).
 */

import { join } from "../../paths/mod.ts";

const KINDS = ["install", "remove"] as const;
/** Staging folders older than this were left by a zot that was killed. */
const STALE_AFTER_MS = 60 * 60 * 1000;

/** The prefix of a staging folder this zot makes. */
export function stagingPrefix(kind: typeof KINDS[number]): string {
  return `.zot-${kind}-${Deno.pid}-`;
}

// True when the owner is known to be gone; undefined when this OS cannot tell.
async function ownerGone(pid: number): Promise<boolean | undefined> {
  if (pid === Deno.pid) return false;
  if (Deno.build.os !== "linux") return undefined;
  try {
    await Deno.stat(`/proc/${pid}`);
    return false;
  } catch {
    return true;
  }
}

/** Removes staging folders left by killed installs and removes in these roots; never throws. */
export async function sweepStaging(roots: readonly string[]): Promise<string[]> {
  const removed: string[] = [];
  for (const root of roots) {
    let entries: Deno.DirEntry[];
    try {
      entries = await Array.fromAsync(Deno.readDir(root));
    } catch {
      continue;
    }
    for (const entry of entries) {
      const match = /^\.zot-(?:install|remove)-(?:(\d+)-)?/.exec(entry.name);
      if (!match || !entry.isDirectory) continue;
      const path = join(root, entry.name);
      const gone = match[1] ? await ownerGone(Number(match[1])) : undefined;
      const info = gone === undefined ? await Deno.lstat(path).catch(() => undefined) : undefined;
      const stale = gone ??
        (info?.mtime ? Date.now() - info.mtime.getTime() > STALE_AFTER_MS : false);
      if (!stale) continue;
      try {
        await Deno.remove(path, { recursive: true });
        removed.push(path);
      } catch {
        // Someone else's folder, or already gone: the next start tries again.
      }
    }
  }
  return removed;
}
