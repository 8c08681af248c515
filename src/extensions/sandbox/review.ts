/**
 * Changes to a granted manifest that loosen it without asking for more: dropping
 * `permissions` would run it unrestricted, dropping `runtime: "deno"` would remove Deno's
 * inner wall (host lists, env, run). Both need the user's review, like a bigger request.
 */

import type { Manifest } from "../manifest/mod.ts";
import type { GrantRecord, GrantShape } from "./grants.ts";

/** The shape to store with a grant for this manifest. */
export function grantShape(manifest: Manifest): GrantShape {
  return {
    runtime: manifest.runtime === "deno" ? "deno" : null,
    declared: manifest.permissions !== undefined || manifest.runtime === "deno",
  };
}

/**
 * Why a manifest no longer matches the shape it was granted with, or undefined. A grant
 * without a recorded shape predates it and was only ever made for a restricted manifest.
 */
export function droppedSinceGrant(manifest: Manifest, record: GrantRecord): string | undefined {
  const declaredThen = record.declared ?? true;
  const declaredNow = manifest.permissions !== undefined || manifest.runtime === "deno";
  if (declaredThen && !declaredNow) return 'its manifest dropped "permissions"';
  if (record.runtime === "deno" && manifest.runtime !== "deno") {
    return 'its manifest dropped "runtime": "deno"';
  }
  return undefined;
}
