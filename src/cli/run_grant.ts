/**
 * One-run permission grants from the command line: `zot --ext ./x --allow-net=api.host`
 * widens what `--ext` extensions may do for this run only; nothing is stored. Reading the
 * flags loads no commander, so a run parsed without it (quick_parse.ts) reads them too.
 */

import {
  PERMISSION_NAMES as NAMES,
  type PermissionName,
  type PermissionRequest,
} from "../extensions/run_mod.ts";

/** One help line for all the grant flags, which are hidden one by one to keep --help short. */
export const RUN_GRANT_HELP = `  --allow-<perm>[=list], --deny-<perm>[=list]
      <perm>: ${NAMES.join(", ")}; without a list the whole permission,
      e.g. --allow-net=api.example.com,cdn.example.com`;

function optionKey(kind: "allow" | "deny", name: PermissionName): string {
  return kind + name[0].toUpperCase() + name.slice(1);
}

/** The one-run grant the flags describe, or undefined when none was given. */
export function runGrantFrom(options: Record<string, unknown>): PermissionRequest | undefined {
  const grant: PermissionRequest = { allow: {}, deny: {} };
  let given = false;
  for (const kind of ["allow", "deny"] as const) {
    for (const name of NAMES) {
      const value = options[optionKey(kind, name)];
      if (value === undefined) continue;
      given = true;
      grant[kind][name] = value === true
        ? true
        : String(value).split(",").map((v) => v.trim()).filter(Boolean);
    }
  }
  return given ? grant : undefined;
}
