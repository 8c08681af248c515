/** Starting bwrap with the filter loaded (`--seccomp`), for the extensions' sandbox and the jail. */

import { join } from "../paths/mod.ts";
import { filterFile } from "./filter_file.ts";

// sh opens the file on fd 9 and execs bwrap, so the pid the caller knows is bwrap's, and
// bwrap's own arguments come after `--seccomp 9` unchanged.
const SCRIPT = 'f=$1; shift; exec "$0" --seccomp 9 "$@" 9<"$f"';

/** The command that runs `bwrap` with `args` under the filter in `file`. */
export function withFilter(
  bwrap: string,
  args: string[],
  file: string,
): { command: string; args: string[] } {
  return { command: "/bin/sh", args: ["-c", SCRIPT, bwrap, file, ...args] };
}

/** The filter could not be kept in its folder; each caller says what that stops. */
export class FilterUnwritable extends Error {
  /** The folder the filter is kept in (`$ZOT_HOME/sandbox`). */
  readonly dir: string;
  /** What the file system said. */
  readonly why: string;

  constructor(dir: string, cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(`the seccomp filter could not be written to ${dir} (${why})`, { cause });
    this.name = "FilterUnwritable";
    this.dir = dir;
    this.why = why;
  }
}

/**
 * The command that runs `bwrap` with `args` under the filter kept in `$ZOT_HOME/sandbox`
 * (written there first when needed); throws FilterUnwritable when it cannot be.
 */
export async function filteredBwrap(
  bwrap: string,
  args: string[],
  zotHome: string,
): Promise<{ command: string; args: string[] }> {
  const dir = join(zotHome, "sandbox");
  let file: string | undefined;
  try {
    file = await filterFile(dir);
  } catch (err) {
    throw new FilterUnwritable(dir, err);
  }
  // Only an architecture zot has no filter for (neither x86_64 nor aarch64) runs without.
  return file ? withFilter(bwrap, args, file) : { command: bwrap, args };
}
