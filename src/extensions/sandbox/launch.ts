/**
 * Plans how each discovered extension is started. One with `permissions` (or a grant the
 * user made for it) runs restricted in the OS sandbox, in any language, Deno ones also
 * under `deno run` with exactly their granted flags; one without runs as it always did,
 * in a PID namespace of its own where bwrap exists. Refusals carry the reason and the fix.
 */

import { isAbsolute } from "../../paths/mod.ts";
import { which, type ZotPaths } from "../../config/mod.ts";
import { errorMessage } from "../../errors/mod.ts";
import { namespaceOnlyArgs } from "./bwrap.ts";
import { resolveLaunchSpec } from "./exec_resolve.ts";
import { checkGrant, type GrantRecord, loadGrant, unionPermissions } from "./grants.ts";
import { remoteMcpSpec, withManifestEnv } from "./mcp_launch.ts";
import {
  type DiscoveredExtension,
  extensionLogFile,
  type LaunchSpec,
  type PermissionRequest,
} from "../manifest/mod.ts";
import { detectOsSandbox, type OsSandbox } from "./os_sandbox.ts";
import { emptyPermissions, isSandboxed, permissionsBeyond } from "./permissions.ts";
import { restrictedSpec } from "./restricted_spec.ts";
import { droppedSinceGrant } from "./review.ts";

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
  /** The OS sandbox to use; detected (bwrap probed once per process) when absent. */
  osSandbox?: OsSandbox;
}

/** The plan: specs to start, in precedence order, and refusals to report. */
export interface LaunchPlan {
  specs: LaunchSpec[];
  refused: RefusedLaunch[];
}

/** Finds the `deno` that runs sandboxed extensions: `ZOT_DENO`, else `deno` on PATH. */
export function findDeno(env: Record<string, string>): string | undefined {
  if (env.ZOT_DENO) return env.ZOT_DENO;
  const found = which("deno", env.PATH ?? "");
  if (found) return found;
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
  const enabled = extensions.filter((ext) => ext.manifest.enabled);
  if (!enabled.length) return plan;
  const sandbox = context.osSandbox ?? await detectOsSandbox(context.env);
  const setsid = Deno.build.os === "linux" ? which("setsid", context.env.PATH ?? "") : undefined;
  for (const ext of enabled) {
    try {
      // A remote MCP server has no process: nothing to resolve or sandbox.
      if (ext.manifest.url !== undefined) {
        push(plan, remoteMcpSpec(ext, context));
        continue;
      }
      const outcome = await planOne(ext, context, sandbox);
      const planned = "reason" in outcome ? outcome : withManifestEnv(outcome, ext, context);
      push(plan, "reason" in planned ? planned : withSession(planned, setsid, context.env));
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

/**
 * Starts a program that can start through setsid(1) (see LaunchSpec.setsid); one that cannot
 * is spawned directly, so its spawn error names it rather than setsid.
 */
function withSession(
  spec: LaunchSpec,
  setsid: string | undefined,
  env: Record<string, string>,
): LaunchSpec {
  return setsid && launchable(spec.command, env) ? { ...spec, setsid } : spec;
}

function push(plan: LaunchPlan, outcome: LaunchSpec | RefusedLaunch): void {
  if ("reason" in outcome) plan.refused.push(outcome);
  else plan.specs.push(outcome);
}

async function planOne(
  ext: DiscoveredExtension,
  context: LaunchContext,
  sandbox: OsSandbox,
): Promise<LaunchSpec | RefusedLaunch> {
  const refuse = (reason: string): RefusedLaunch => ({
    name: ext.name,
    dir: ext.dir,
    source: ext.source,
    reason,
  });
  // A grant belongs to an install: a --ext folder never has one (see grants.ts).
  const record = await loadGrant(context.paths, ext);
  const dropped = record && droppedSinceGrant(ext.manifest, record);
  if (dropped) {
    return refuse(
      `extension "${ext.name}" changed since it was granted: ${dropped}; review and grant ` +
        `with: zot ext permissions ${ext.name}`,
    );
  }
  // The user restricted an extension whose manifest asks for nothing: its grant applies.
  const restricted = isSandboxed(ext.manifest) || record !== undefined ||
    (ext.source === "flag" && context.runGrant !== undefined);
  if (!restricted) return unrestrictedSpec(ext, sandbox, context.env);
  const request = ext.manifest.permissions ?? emptyPermissions();
  const granted = effectiveGrant(ext, request, record, context);
  if ("reason" in granted) return refuse(granted.reason);
  const outcome = await restrictedSpec(ext, granted.permissions, {
    paths: context.paths,
    cwd: context.cwd,
    env: context.env,
    sandbox,
    deno: (context.deno === undefined ? findDeno(context.env) : context.deno) ?? undefined,
    auditFile: context.audit ? auditLogFile(context.paths, ext.name) : undefined,
  });
  return "reason" in outcome ? refuse(outcome.reason) : outcome;
}

/** Whether `command` names an executable file (a bare name: on PATH). */
function launchable(command: string, env: Record<string, string>): boolean {
  const path = isAbsolute(command) ? command : which(command, env.PATH ?? "");
  if (!path) return false;
  try {
    const info = Deno.statSync(path);
    return info.isFile && ((info.mode ?? 0o111) & 0o111) !== 0;
  } catch {
    return false;
  }
}

/**
 * An extension as it always ran; where bwrap exists, in a PID namespace of its own. A
 * program that cannot start is left unwrapped, so its spawn error names it (and not bwrap).
 */
function unrestrictedSpec(
  ext: DiscoveredExtension,
  sandbox: OsSandbox,
  env: Record<string, string>,
): LaunchSpec {
  const spec = resolveLaunchSpec(ext.manifest, ext.dir, ext.source);
  if (sandbox.kind !== "bwrap" || !launchable(spec.command, env)) return spec;
  return {
    ...spec,
    command: sandbox.path,
    args: [...namespaceOnlyArgs(), spec.command, ...spec.args],
    pidNamespace: true,
  };
}

function effectiveGrant(
  ext: DiscoveredExtension,
  request: PermissionRequest,
  record: GrantRecord | undefined,
  context: LaunchContext,
): { permissions: PermissionRequest } | { reason: string } {
  const runGrant = ext.source === "flag" ? context.runGrant : undefined;
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
    ? `pass the permissions for this run: zot --ext ${ext.dir} ` +
      `--allow-${beyond[0].split(":")[0]}=…`
    : `review and grant with: zot ext permissions ${ext.name}`;
  return {
    reason: `extension "${ext.name}" asks for permissions that were never granted (${
      beyond.join("; ")
    }); ${how}`,
  };
}
