/** How much an extension may touch, in the words `zot ext list` shows. */

import type { ZotPaths } from "../../config/mod.ts";
import { checkGrant, loadGrant } from "./grants.ts";
import { detectOsSandbox, type OsSandbox } from "./os_sandbox.ts";
import {
  emptyPermissions,
  hasEscape,
  isSandboxed,
  runsUnderDeno,
  sandboxPlaces,
} from "./permissions.ts";
import { droppedSinceGrant } from "./review.ts";
import type { DiscoveredExtension, Manifest, PermissionRequest } from "../manifest/mod.ts";

/**
 * What is enforced for a restricted extension on this machine, in plain words, or
 * undefined when everything granted is enforced as granted. Shown by install and list.
 */
export function enforcementNote(
  manifest: Manifest,
  granted: PermissionRequest,
  sandbox: OsSandbox,
): string | undefined {
  const deno = runsUnderDeno(manifest);
  if (sandbox.kind === "none") {
    return deno
      ? `Deno's permissions only (${sandbox.why}): its files and module graph are checked before it starts`
      : `cannot run here: no OS sandbox (${sandbox.why})`;
  }
  if (deno) return undefined;
  const notes: string[] = [];
  if (Array.isArray(granted.allow.net) && granted.allow.net.length && granted.deny.net !== true) {
    notes.push("net: any host (host lists are enforced only for Deno extensions)");
  }
  if (granted.allow.run !== undefined && granted.allow.run !== true) {
    notes.push("run: any program it can see (run lists are enforced only for Deno extensions)");
  }
  return notes.length ? notes.join("; ") : undefined;
}

/**
 * `unrestricted` for extensions that ask for no restriction; for restricted ones
 * `sandboxed`, `sandboxed, needs grant`, `sandboxed, FULL ACCESS` when a grant undoes
 * the sandbox, plus what this machine cannot enforce.
 */
export async function describeAccess(
  ext: DiscoveredExtension,
  context: { paths: ZotPaths; cwd: string; sandbox?: OsSandbox },
): Promise<string> {
  let record;
  try {
    record = await loadGrant(context.paths, ext);
  } catch {
    return isSandboxed(ext.manifest) ? "sandboxed, grant unreadable" : "unrestricted";
  }
  if (!isSandboxed(ext.manifest) && !record) return "unrestricted";
  if (record && droppedSinceGrant(ext.manifest, record)) return "sandboxed, changed since granted";
  const request = ext.manifest.permissions ?? emptyPermissions();
  const check = checkGrant(request, record);
  const emptyRequest = Object.keys(request.allow).length === 0;
  if (!check.ok && !(check.reason === "no_grant" && emptyRequest)) {
    return check.reason === "no_grant" ? "sandboxed, needs grant" : "sandboxed, asks for more";
  }
  const granted = check.ok ? check.granted : emptyPermissions();
  const places = sandboxPlaces(context.paths, context.cwd, ext.name, ext.dir);
  const base = hasEscape(granted, places) ? "sandboxed, FULL ACCESS" : "sandboxed";
  const sandbox = context.sandbox ?? await detectOsSandbox(Deno.env.toObject());
  const note = enforcementNote(ext.manifest, granted, sandbox);
  return note ? `${base}; ${note}` : base;
}
