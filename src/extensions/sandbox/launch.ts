/**
 * Plans how each discovered extension is started: plain executables run as they are
 * (unrestricted); Deno extensions run under `deno run` with exactly their granted
 * permissions, or are refused with the reason and the command that fixes it.
 */

import { delimiter, join } from "node:path";
import type { ZotPaths } from "../../config/mod.ts";
import { errorMessage } from "../../errors/mod.ts";
import { resolveExec, resolveLaunchSpec } from "./exec_resolve.ts";
import { checkGrant, loadGrant, unionPermissions } from "./grants.ts";
import {
  type DiscoveredExtension,
  extensionDataDir,
  extensionLogFile,
  type LaunchSpec,
  type PermissionRequest,
} from "../manifest/mod.ts";
import {
  denoRunArgs,
  emptyPermissions,
  isSandboxed,
  permissionsBeyond,
  sandboxEnv,
} from "./permissions.ts";

/** An extension that will not be started, and why. */
export interface RefusedLaunch {
  name: string;
  dir: string;
  source: DiscoveredExtension["source"];
  reason: string;
}

/** What planLaunches needs to know about this run. */
export interface LaunchContext {
  paths: ZotPaths;
  cwd: string;
  /** The parent environment (injectable for tests). */
  env: Record<string, string>;
  /** Extra permissions granted on the command line for this run (`--allow-net=…`). */
  runGrant?: PermissionRequest;
  /** Write Deno's permission audit per extension (`--ext-audit`). */
  audit?: boolean;
  /** The deno to use; `null` means none is available. Found with findDeno when absent. */
  deno?: string | null;
}

/** The plan: specs to start, in precedence order, and refusals to report. */
export interface LaunchPlan {
  specs: LaunchSpec[];
  refused: RefusedLaunch[];
}

/** Finds the `deno` that runs sandboxed extensions: `ZOT_DENO`, else `deno` on PATH. */
export function findDeno(env: Record<string, string>): string | undefined {
  if (env.ZOT_DENO) return env.ZOT_DENO;
  const exe = Deno.build.os === "windows" ? "deno.exe" : "deno";
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, exe);
    try {
      if (Deno.statSync(candidate).isFile) return candidate;
    } catch {
      // not in this PATH entry
    }
  }
  // Run from source, zot itself is a deno; a compiled zot is not, so it never falls back.
  return Deno.build.standalone ? undefined : Deno.execPath();
}

/** The audit trail file Deno writes for an extension under `--ext-audit`. */
export function auditLogFile(paths: ZotPaths, name: string): string {
  return extensionLogFile(paths, name).replace(/\.log$/, ".audit.jsonl");
}

/** Plans the launch of every enabled extension; never throws for one bad extension. */
export async function planLaunches(
  extensions: DiscoveredExtension[],
  context: LaunchContext,
): Promise<LaunchPlan> {
  const plan: LaunchPlan = { specs: [], refused: [] };
  for (const ext of extensions) {
    if (!ext.manifest.enabled) continue;
    try {
      const outcome = isSandboxed(ext.manifest)
        ? await planSandboxed(ext, context)
        : resolveLaunchSpec(ext.manifest, ext.dir, ext.source);
      if ("reason" in outcome) plan.refused.push(outcome);
      else plan.specs.push(outcome);
    } catch (err) {
      plan.refused.push({
        name: ext.name,
        dir: ext.dir,
        source: ext.source,
        reason: errorMessage(err),
      });
    }
  }
  return plan;
}

async function planSandboxed(
  ext: DiscoveredExtension,
  context: LaunchContext,
): Promise<LaunchSpec | RefusedLaunch> {
  const refuse = (reason: string): RefusedLaunch => ({
    name: ext.name,
    dir: ext.dir,
    source: ext.source,
    reason,
  });
  const deno = context.deno === undefined ? findDeno(context.env) : context.deno;
  if (!deno) {
    return refuse(
      `extension "${ext.name}" runs under Deno permissions but no deno was found; ` +
        "install it with: npm install -g deno (or set ZOT_DENO to a deno binary)",
    );
  }
  const request = ext.manifest.permissions ?? emptyPermissions();
  const granted = await effectiveGrant(ext, request, context);
  if ("reason" in granted) return refuse(granted.reason);
  const dataDir = extensionDataDir(context.paths, ext.name);
  const places = { cwd: context.cwd, extDir: ext.dir, dataDir };
  const script = resolveExec(ext.name, ext.manifest.exec, ext.dir);
  const extraEnv: Record<string, string> = {};
  if (context.audit) extraEnv.DENO_AUDIT_PERMISSIONS = auditLogFile(context.paths, ext.name);
  const spec: LaunchSpec = {
    name: ext.name,
    dir: ext.dir,
    command: deno,
    args: denoRunArgs(granted.permissions, script, ext.manifest.args, { places }),
    env: sandboxEnv(granted.permissions, context.env, extraEnv),
    clearEnv: true,
    source: ext.source,
  };
  if (ext.manifest.version !== undefined) spec.version = ext.manifest.version;
  return spec;
}

async function effectiveGrant(
  ext: DiscoveredExtension,
  request: PermissionRequest,
  context: LaunchContext,
): Promise<{ permissions: PermissionRequest } | { reason: string }> {
  const runGrant = ext.source === "flag" ? context.runGrant : undefined;
  const record = await loadGrant(context.paths, ext.name);
  const check = checkGrant(request, record);
  // The manifest's own denies only narrow what runs, so they always apply, beside the
  // grant's and the one-run flags' (merged per permission, never one replacing another).
  const manifestDenies: PermissionRequest = { allow: {}, deny: request.deny };
  if (check.ok) {
    const permissions = runGrant ? unionPermissions(check.granted, runGrant) : check.granted;
    return { permissions: unionPermissions(permissions, manifestDenies) };
  }
  if (check.reason === "request_grew") {
    return {
      reason: `extension "${ext.name}" now asks for more than was granted (${
        check.beyond.join("; ")
      }); review and grant with: zot ext permissions ${ext.name}`,
    };
  }
  // No stored grant: an empty request needs none, and a one-run grant may cover it.
  const oneRun = runGrant ?? emptyPermissions();
  const beyond = permissionsBeyond(request, oneRun);
  if (!beyond.length) return { permissions: unionPermissions(oneRun, manifestDenies) };
  const how = ext.source === "flag"
    ? `pass the permissions for this run (e.g. --allow-${beyond[0].split(":")[0]}=…) or run: ` +
      `zot ext permissions ${ext.name}`
    : `review and grant with: zot ext permissions ${ext.name}`;
  return {
    reason: `extension "${ext.name}" asks for permissions that were never granted (${
      beyond.join("; ")
    }); ${how}`,
  };
}
