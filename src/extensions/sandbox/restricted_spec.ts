/**
 * The launch of a restricted extension once its grant is known: the program (under
 * `deno run` with its flags when it is a Deno extension, as it is otherwise), wrapped in
 * the OS sandbox; where none exists, a Deno extension runs on Deno's flags alone after its
 * module graph and folder were checked, and any other restricted extension is refused.
 */

import { dirname, isAbsolute } from "../../paths/mod.ts";
import { filteredBwrap, FilterUnwritable } from "../../seccomp/mod.ts";
import { which, type ZotPaths } from "../../config/mod.ts";
import {
  type DiscoveredExtension,
  extensionDataDir,
  type LaunchSpec,
  type PermissionRequest,
} from "../manifest/mod.ts";
import { bwrapArgs, systemEntries } from "./bwrap.ts";
import { ownerOnlyEtc } from "./owner_only.ts";
import {
  buildConfinement,
  type Confinement,
  realPathOrUndefined,
  realPlaces,
  within,
} from "./confine.ts";
import { resolveExec } from "./exec_resolve.ts";
import { linksOutside, modulesOutside } from "./module_graph.ts";
import type { OsSandbox } from "./os_sandbox.ts";
import {
  denoRunArgs,
  OS_BASE_ENV,
  runsUnderDeno,
  sandboxEnv,
  type SandboxPlaces,
} from "./permissions.ts";
import { seatbeltArgs } from "./seatbelt.ts";

/** What restrictedSpec needs besides the extension and its grant. */
export interface RestrictedContext {
  paths: ZotPaths;
  cwd: string;
  env: Record<string, string>;
  sandbox: OsSandbox;
  /** The deno for Deno extensions (undefined: none found). */
  deno: string | undefined;
  /** Deno's permission audit file (`--ext-audit`), written from inside the sandbox. */
  auditFile?: string;
}

/** Deno's cache folder as Deno finds it, so cached npm packages load inside the sandbox. */
export function denoDirOf(env: Record<string, string>, os = Deno.build.os): string | undefined {
  if (env.DENO_DIR) return env.DENO_DIR;
  if (os === "darwin") return env.HOME ? `${env.HOME}/Library/Caches/deno` : undefined;
  const cache = env.XDG_CACHE_HOME || (env.HOME ? `${env.HOME}/.cache` : undefined);
  return cache ? `${cache}/deno` : undefined;
}

/** The program's path: a bare name is looked up on PATH so its location can be shown. */
function programPath(exec: string, env: Record<string, string>): string {
  if (isAbsolute(exec)) return exec;
  return which(exec, env.PATH ?? "") ?? exec;
}

/** The spec, or the reason the extension cannot run restricted here. */
export async function restrictedSpec(
  ext: DiscoveredExtension,
  granted: PermissionRequest,
  context: RestrictedContext,
): Promise<LaunchSpec | { reason: string }> {
  const { sandbox } = context;
  const underDeno = runsUnderDeno(ext.manifest);
  if (sandbox.kind === "none" && !underDeno) {
    return {
      reason: `extension "${ext.name}" is restricted by its permissions, but there is no OS ` +
        `sandbox here (${sandbox.why}) and zot never runs it unrestricted; ${sandbox.install}`,
    };
  }
  if (underDeno && !context.deno) {
    return {
      reason: `extension "${ext.name}" runs under Deno permissions but no deno was found; ` +
        "install it with: npm install -g deno (or set ZOT_DENO to a deno binary)",
    };
  }
  const places: SandboxPlaces = await realPlaces({
    cwd: context.cwd,
    extDir: ext.dir,
    dataDir: extensionDataDir(context.paths, ext.name),
  });
  const script = resolveExec(ext.name, ext.manifest.exec, places.extDir);
  const extra: Record<string, string> = {};
  if (context.auditFile) extra.DENO_AUDIT_PERMISSIONS = context.auditFile;
  const inner = underDeno
    ? {
      command: context.deno!,
      args: denoRunArgs(granted, script, ext.manifest.args, { places }),
      env: sandboxEnv(granted, context.env, extra),
    }
    : {
      command: programPath(script, context.env),
      args: [...ext.manifest.args],
      env: sandboxEnv(granted, context.env, {}, OS_BASE_ENV),
    };
  const spec: LaunchSpec = {
    name: ext.name,
    dir: places.extDir,
    command: inner.command,
    args: inner.args,
    env: inner.env,
    clearEnv: true,
    source: ext.source,
  };
  if (ext.manifest.version !== undefined) spec.version = ext.manifest.version;
  if (ext.manifest.timeouts !== undefined) spec.timeouts = ext.manifest.timeouts;
  if (sandbox.kind === "none") {
    const refused = await checkDenoFallback(ext.name, context.deno!, script, places.extDir);
    return refused ?? spec;
  }
  return await wrap(spec, granted, places, { ...context, sandbox }, underDeno);
}

async function wrap(
  spec: LaunchSpec,
  granted: PermissionRequest,
  places: SandboxPlaces,
  context: RestrictedContext & { sandbox: Exclude<OsSandbox, { kind: "none" }> },
  underDeno: boolean,
): Promise<LaunchSpec | { reason: string }> {
  const runtimeDirs: string[] = [];
  const env: Record<string, string> = { ...spec.env, HOME: places.dataDir };
  if (underDeno) {
    delete env.XDG_CACHE_HOME;
    const denoDir = denoDirOf(context.env);
    const realDenoDir = denoDir ? await realPathOrUndefined(denoDir) : undefined;
    if (realDenoDir) runtimeDirs.push(realDenoDir);
    env.DENO_DIR = realDenoDir ?? `${places.dataDir}/.deno`;
  }
  const extraWrite: string[] = [];
  if (context.auditFile) {
    await Deno.mkdir(dirname(context.auditFile), { recursive: true });
    await Deno.writeTextFile(context.auditFile, "", { append: true });
    extraWrite.push(await Deno.realPath(context.auditFile));
  }
  let confinement;
  try {
    confinement = await buildConfinement({
      granted,
      places,
      program: spec.command,
      runtimeDirs,
      home: context.env.HOME,
    });
  } catch (err) {
    return { reason: `extension "${spec.name}" cannot start: ${(err as Error).message}` };
  }
  confinement.write.push(...extraWrite);
  // Remote imports a Deno extension was granted need the network; Deno's flags still
  // decide which hosts its code may reach.
  const imports = granted.allow.import;
  const importsGranted = imports === true || (Array.isArray(imports) && imports.length > 0);
  if (underDeno && importsGranted && granted.deny.net !== true) confinement.net = true;
  if (confinement.net) {
    // systemd-resolved links /etc/resolv.conf into /run, which is not otherwise visible.
    const resolver = await realPathOrUndefined("/etc/resolv.conf");
    if (resolver && !within("/etc", resolver)) confinement.read.push(resolver);
  }
  if (context.sandbox.kind === "seatbelt") env.TMPDIR = places.dataDir;
  const command = await sandboxed(context, confinement, [spec.command, ...spec.args]);
  if ("reason" in command) {
    return { reason: `extension "${spec.name}" cannot start: ${command.reason}` };
  }
  return {
    ...spec,
    ...command,
    env,
    ...(context.sandbox.kind === "bwrap" ? { pidNamespace: true } : {}),
  };
}

/** The command running `argv` in the OS sandbox: bwrap under the seccomp filter, or Seatbelt. */
async function sandboxed(
  context: RestrictedContext & { sandbox: Exclude<OsSandbox, { kind: "none" }> },
  confinement: Confinement,
  argv: string[],
): Promise<{ command: string; args: string[] } | { reason: string }> {
  const { path } = context.sandbox;
  if (context.sandbox.kind === "seatbelt") {
    return { command: path, args: [...seatbeltArgs(confinement), ...argv] };
  }
  const args = [...bwrapArgs(confinement, systemEntries(), ownerOnlyEtc()), ...argv];
  try {
    return await filteredBwrap(path, args, context.paths.home);
  } catch (err) {
    if (!(err instanceof FilterUnwritable)) throw err;
    return {
      reason: `its seccomp filter could not be written to ${err.dir} (${err.why}); ` +
        "make $ZOT_HOME writable",
    };
  }
}

async function checkDenoFallback(
  name: string,
  deno: string,
  script: string,
  extDir: string,
): Promise<{ reason: string } | undefined> {
  const links = await linksOutside(extDir);
  if (links.length) {
    return {
      reason: `extension "${name}" holds symlinks that lead outside its folder ` +
        `(${links.slice(0, 3).join(", ")}); without an OS sandbox Deno would follow them; ` +
        "remove them, or install bubblewrap",
    };
  }
  const graph = await modulesOutside(deno, script, extDir);
  if ("reason" in graph) return { reason: `extension "${name}" cannot start: ${graph.reason}` };
  if (graph.outside.length) {
    return {
      reason:
        `extension "${name}" loads files outside its folder (${
          graph.outside.slice(0, 3).join(", ")
        }), which Deno's permissions do not stop; copy them into the extension, or install ` +
        "bubblewrap so the OS sandbox hides them",
    };
  }
  return undefined;
}
