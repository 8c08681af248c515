/**
 * Permission grants. A manifest's `permissions` is a request; what the user granted lives
 * under `$ZOT_HOME/grants/<install id>.json`, outside the extension's folder, so an extension
 * that rewrites its own manifest gains nothing. A grant belongs to one install (see
 * discovery/install_record.ts), never to a name: a reinstall, another copy or a `--ext` folder
 * with the same name gets none of it. A `--ext` folder never has a stored grant at all: it
 * runs with its manifest's request plus that run's flags.
 */

import { join } from "../../paths/mod.ts";
import type { ZotPaths } from "../../config/mod.ts";
import { ConfigError } from "../../errors/mod.ts";
import {
  type ExtensionSource,
  PERMISSION_NAMES,
  type PermissionRequest,
  type PermissionValue,
} from "../manifest/mod.ts";
import { ensureInstallId, forgetInstall, installIdOf, writeStore } from "../discovery/mod.ts";
import { emptyPermissions, permissionsBeyond } from "./permissions.ts";

/** What is stored per install: what it asked for when granted, and what was granted. */
export interface GrantRecord {
  version: 2;
  extension: string;
  /** The install this grant belongs to. */
  install: string;
  /** The install's folder when it was granted (for people reading the file). */
  dir: string;
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

/** Which extension a grant is about: its name, folder and where it was found. */
export interface GrantSubject {
  name: string;
  dir: string;
  source: ExtensionSource;
}

/** The outcome of comparing a manifest's current request with the stored grant. */
export type GrantCheck =
  | { ok: true; granted: PermissionRequest }
  | { ok: false; reason: "no_grant" }
  | { ok: false; reason: "request_grew"; beyond: string[] };

function grantFile(paths: ZotPaths, install: string): string {
  return join(paths.grants, `${install}.json`);
}

/** Reads the stored grant of this install, if any; a `--ext` folder never has one. */
export async function loadGrant(
  paths: ZotPaths,
  ext: GrantSubject,
): Promise<GrantRecord | undefined> {
  if (ext.source === "flag") return undefined;
  const install = await installIdOf(paths, ext.dir);
  if (!install) return undefined;
  const file = grantFile(paths, install);
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return undefined;
    throw err;
  }
  try {
    const record = JSON.parse(text) as GrantRecord;
    if (record.version !== 2 || typeof record.granted !== "object") throw new Error("bad shape");
    // A file copied from another install's id grants nothing here.
    return record.install === install ? record : undefined;
  } catch (err) {
    throw new ConfigError("bad_grant", `grant file ${file} is corrupt`, {
      cause: err,
      hint: `review and grant again with: zot ext permissions ${ext.name} --reset`,
    });
  }
}

/** Stores a grant for this install (atomically); refuses a `--ext` folder. */
export async function saveGrant(
  paths: ZotPaths,
  ext: GrantSubject,
  requested: PermissionRequest,
  granted: PermissionRequest,
  shape?: GrantShape,
): Promise<GrantRecord> {
  if (ext.source === "flag") {
    throw new ConfigError(
      "grant_for_flag",
      `cannot store a grant for the --ext folder ${ext.dir}: it is not installed`,
      { hint: `pass the permissions for one run (zot --ext ${ext.dir} --allow-…), or install it` },
    );
  }
  const install = await ensureInstallId(paths, ext.dir, ext.name);
  const record: GrantRecord = {
    version: 2,
    extension: ext.name,
    install,
    dir: ext.dir,
    requested,
    granted,
    updated: new Date().toISOString(),
    ...shape,
  };
  await writeStore(grantFile(paths, install), record);
  return record;
}

/** Deletes the grant of an install and forgets the install (when the extension is removed). */
export async function removeGrant(paths: ZotPaths, ext: { dir: string }): Promise<void> {
  const install = await forgetInstall(paths, ext.dir);
  if (!install) return;
  try {
    await Deno.remove(grantFile(paths, install));
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
