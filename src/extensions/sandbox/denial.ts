/**
 * Deno permission denials inside sandboxed extensions. Deno words them as
 * `Requires net access to "host:443", run again with the --allow-net flag`; zot
 * recognises that text in a tool result so it can log the denial and tell the model
 * (and through it the user) which grant is missing.
 */

import type { ExtensionSource, PermissionName } from "../manifest/mod.ts";

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

/** Which extension was denied: a `--ext` one (source "flag") has no stored grant to adjust. */
export interface DeniedExtension {
  name: string;
  source?: ExtensionSource;
  dir?: string;
}

/**
 * The note appended to a tool result: what was denied and the command that grants it. For a
 * `--ext` extension that is the one-run flag, since a stored grant never applies to it.
 */
export function denialHint(extension: string | DeniedExtension, denial: Denial): string {
  const ext = typeof extension === "string" ? { name: extension } : extension;
  const value = denial.target.includes(",") ? "…" : denial.target;
  const flag = `--allow-${denial.permission}=${value}`;
  const how = ext.source === "flag"
    ? `zot --ext ${ext.dir ?? "<folder>"} ${flag} (for one run)`
    : `zot ext permissions ${ext.name} ${flag}`;
  return `[zot: the sandbox of extension "${ext.name}" denied ${denial.permission} access to ` +
    `${denial.target}; if the user wants to allow it: ${how}]`;
}
