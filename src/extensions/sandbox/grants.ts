/**
 * Permission grants for sandboxed extensions. A manifest's `permissions` is a request;
 * what the user granted lives under `$ZOT_HOME/grants/`, outside the extension's folder,
 * so an extension that rewrites its own manifest gains nothing.
 */

import { join } from "node:path";
import { writeTextAtomic, type ZotPaths } from "../../config/mod.ts";
import { ConfigError } from "../../errors/mod.ts";
import {
  extensionNameProblem,
  PERMISSION_NAMES,
  type PermissionRequest,
  type PermissionValue,
} from "../manifest/mod.ts";
import { emptyPermissions, permissionsBeyond } from "./permissions.ts";

/** What is stored per extension: what it asked for when granted, and what was granted. */
export interface GrantRecord {
  version: 1;
  extension: string;
  requested: PermissionRequest;
  granted: PermissionRequest;
  updated: string;
  /**
   * How the manifest looked when granted (see grantShape); absent in grants written before
   * zot recorded it. Dropping `runtime` or `permissions` afterwards needs a new review.
   */
  runtime?: "deno" | null;
  declared?: boolean;
}

/** The manifest's shape a grant is stored with: its runtime, and whether it asked for permissions. */
export interface GrantShape {
  runtime: "deno" | null;
  declared: boolean;
}

/** The outcome of comparing a manifest's current request with the stored grant. */
export type GrantCheck =
  | { ok: true; granted: PermissionRequest }
  | { ok: false; reason: "no_grant" }
  | { ok: false; reason: "request_grew"; beyond: string[] };

function grantFile(paths: ZotPaths, name: string): string {
  const problem = extensionNameProblem(name);
  if (problem) throw new ConfigError("bad_extension_name", `cannot store a grant: ${problem}`);
  return join(paths.grants, `${name}.json`);
}

/** Reads the stored grant for an extension, if any. */
export async function loadGrant(paths: ZotPaths, name: string): Promise<GrantRecord | undefined> {
  const file = grantFile(paths, name);
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return undefined;
    throw err;
  }
  try {
    const record = JSON.parse(text) as GrantRecord;
    if (record.version !== 1 || typeof record.granted !== "object") throw new Error("bad shape");
    return record;
  } catch (err) {
    throw new ConfigError("bad_grant", `grant file ${file} is corrupt`, {
      cause: err,
      hint: `review and grant again with: zot ext permissions ${name} --reset`,
    });
  }
}

/** Stores a grant (atomically: write a temp file, then rename). */
export async function saveGrant(
  paths: ZotPaths,
  name: string,
  requested: PermissionRequest,
  granted: PermissionRequest,
  shape?: GrantShape,
): Promise<GrantRecord> {
  const file = grantFile(paths, name);
  const record: GrantRecord = {
    version: 1,
    extension: name,
    requested,
    granted,
    updated: new Date().toISOString(),
    ...shape,
  };
  await writeTextAtomic(file, JSON.stringify(record, null, 2) + "\n", { mode: 0o600 });
  return record;
}

/** Deletes a stored grant (when the extension is removed). */
export async function removeGrant(paths: ZotPaths, name: string): Promise<void> {
  try {
    await Deno.remove(grantFile(paths, name));
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
}

function unionValue(a: PermissionValue | undefined, b: PermissionValue | undefined) {
  if (a === true || b === true) return true;
  const list = [...(Array.isArray(a) ? a : []), ...(Array.isArray(b) ? b : [])];
  return list.length ? [...new Set(list)] : (a ?? b);
}

/**
 * The union of two permission sets, both sides: what either allows, and what either
 * denies (a deny only ever narrows, so none may be dropped). Used to compare requests
 * over time and to add a one-run grant to a stored one.
 */
export function unionPermissions(a: PermissionRequest, b: PermissionRequest): PermissionRequest {
  const out = emptyPermissions();
  for (const side of ["allow", "deny"] as const) {
    for (const name of PERMISSION_NAMES) {
      const value = unionValue(a[side][name], b[side][name]);
      if (value !== undefined) out[side][name] = value;
    }
  }
  return out;
}

/**
 * Decides whether an extension may start: it may when its current request is covered by
 * what it asked for at grant time or by what the user granted; it then runs with the grant.
 */
export function checkGrant(
  request: PermissionRequest,
  record: GrantRecord | undefined,
): GrantCheck {
  if (!record) return { ok: false, reason: "no_grant" };
  const beyond = permissionsBeyond(request, unionPermissions(record.requested, record.granted));
  if (beyond.length) return { ok: false, reason: "request_grew", beyond };
  return { ok: true, granted: record.granted };
}
