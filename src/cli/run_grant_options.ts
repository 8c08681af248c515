/** Declares the one-run grant flags on a commander command (run_grant.ts reads them). */

import { Option } from "./commander.ts";
import { PERMISSION_NAMES as NAMES } from "../extensions/mod.ts";

/** Adds `--allow-<perm> [list]` and `--deny-<perm> [list]` for every Deno permission. */
export function addRunGrantOptions<T extends { addOption(option: Option): unknown }>(
  program: T,
): T {
  for (const kind of ["allow", "deny"] as const) {
    for (const name of NAMES) {
      program.addOption(
        new Option(`--${kind}-${name} [list]`, `${kind} ${name} access (comma separated)`)
          .hideHelp(),
      );
    }
  }
  return program;
}
