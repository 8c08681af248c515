/** How much an extension may touch, in the words `zot ext list` shows. */

import type { ZotPaths } from "../../config/mod.ts";
import { checkGrant, loadGrant } from "./grants.ts";
import { emptyPermissions, hasEscape, isSandboxed, sandboxPlaces } from "./permissions.ts";
import type { DiscoveredExtension } from "../manifest/mod.ts";

/**
 * `unrestricted` for programs Deno cannot restrict; for sandboxed ones `sandboxed`,
 * `sandboxed, needs grant`, or `sandboxed, FULL ACCESS` when a grant undoes the sandbox.
 */
export async function describeAccess(
  ext: DiscoveredExtension,
  context: { paths: ZotPaths; cwd: string },
): Promise<string> {
  if (!isSandboxed(ext.manifest)) return "unrestricted";
  const request = ext.manifest.permissions ?? emptyPermissions();
  let record;
  try {
    record = await loadGrant(context.paths, ext.name);
  } catch {
    return "sandboxed, grant unreadable";
  }
  const check = checkGrant(request, record);
  const emptyRequest = Object.keys(request.allow).length === 0;
  if (!check.ok && !(check.reason === "no_grant" && emptyRequest)) {
    return check.reason === "no_grant" ? "sandboxed, needs grant" : "sandboxed, asks for more";
  }
  const granted = check.ok ? check.granted : emptyPermissions();
  const places = sandboxPlaces(context.paths, context.cwd, ext.name, ext.dir);
  return hasEscape(granted, places) ? "sandboxed, FULL ACCESS" : "sandboxed";
}
