/**
 * Deno permission denials inside sandboxed extensions. Deno words them as
 * `Requires net access to "host:443", run again with the --allow-net flag`; zot
 * recognises that text in a tool result so it can log the denial and tell the model
 * (and through it the user) which grant is missing.
 */

import type { PermissionName } from "../manifest/mod.ts";

/** One denied access. */
export interface Denial {
  permission: PermissionName;
  /** What was refused: a path, host:port, variable or program. */
  target: string;
}

const DENIAL =
  /Requires (read|write|net|env|run|sys|ffi|import) access to (?:"([^"]*)"|(\S+?))(?:,|\s|$)/;

/** Finds the first Deno permission denial in a text. */
export function findDenial(text: string): Denial | undefined {
  const match = DENIAL.exec(text);
  if (!match) return undefined;
  return { permission: match[1] as PermissionName, target: match[2] ?? match[3] };
}

/** The note appended to a tool result: what was denied and the command that grants it. */
export function denialHint(extension: string, denial: Denial): string {
  const value = denial.target.includes(",") ? "…" : denial.target;
  return `[zot: the sandbox of extension "${extension}" denied ${denial.permission} access to ` +
    `${denial.target}; if the user wants to allow it: zot ext permissions ${extension} ` +
    `--allow-${denial.permission}=${value}]`;
}
