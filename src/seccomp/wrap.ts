/** Starting bwrap with the filter loaded (`--seccomp`), for the extensions' sandbox and the jail. */

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
