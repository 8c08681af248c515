/**
 * Finding programs on a PATH the way a shell would, without running anything: the one
 * lookup behind the sandbox's bwrap and setsid, the Deno for sandboxed extensions, the
 * jail's bwrap and `zot doctor`.
 */

import { delimiter, join } from "../paths/mod.ts";

/** The first executable named `name` on `path`, or undefined. */
export function which(name: string, path: string, os: string = Deno.build.os): string | undefined {
  const names = os === "windows" ? [`${name}.exe`, `${name}.cmd`, name] : [name];
  for (const dir of path.split(os === "windows" ? ";" : delimiter)) {
    if (!dir) continue;
    for (const file of names) {
      const candidate = join(dir, file);
      try {
        const info = Deno.statSync(candidate);
        if (info.isFile && (os === "windows" || ((info.mode ?? 0o111) & 0o111) !== 0)) {
          return candidate;
        }
      } catch {
        // not in this PATH entry
      }
    }
  }
  return undefined;
}

/**
 * The bubblewrap zot uses, for extensions and the jail alike: `ZOT_BWRAP` when set (a bwrap
 * outside PATH), else the first `bwrap` on PATH; undefined when there is none.
 */
export function findBwrap(
  env: { ZOT_BWRAP?: string; PATH?: string },
  os: string = Deno.build.os,
): string | undefined {
  return env.ZOT_BWRAP || which("bwrap", env.PATH ?? "", os);
}
