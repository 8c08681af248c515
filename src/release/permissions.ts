/**
 * The permissions a compiled or installed zot runs with. A compiled binary cannot widen them
 * at run time, so they are exactly what zot needs:
 *   --allow-read, --allow-write  the agent's read/write/edit tools work on the user's files;
 *                                zot keeps state under $ZOT_HOME
 *   --allow-run                  extensions, the bash tool, git for `zot ext install`,
 *                                and `deno` for sandboxed extensions
 *   --allow-net                  model providers (any base URL the user configures)
 *   --allow-env                  HOME/ZOT_HOME/XDG paths, API keys, NO_COLOR, TERM
 *   --allow-sys=homedir,osRelease,hostname  the TUI's terminal detection (node:os)
 * Not granted: ffi, import (every module is in the compiled graph).
 */

/** The permission flags baked into a compiled zot and a `deno task install` shim. */
export const ZOT_PERMISSIONS: readonly string[] = [
  "--allow-read",
  "--allow-write",
  "--allow-run",
  "--allow-net",
  "--allow-env",
  "--allow-sys=homedir,osRelease,hostname",
  "--no-prompt",
];
