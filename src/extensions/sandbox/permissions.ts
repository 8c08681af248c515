/**
 * Deno permission sandboxing for TypeScript/JavaScript extensions: turns a permission
 * set into exactly the matching `deno run` flags, nothing broader. Pure functions, so
 * the argv zot builds can be tested without spawning anything.
 */

import { decisionFiles } from "../discovery/mod.ts";
import { isAbsolute, join, resolve, sep } from "../../paths/mod.ts";
import type { ZotPaths } from "../../config/mod.ts";
import {
  extensionDataDir,
  type Manifest,
  PERMISSION_NAMES,
  type PermissionName,
  type PermissionRequest,
  type PermissionValue,
  projectExtensionsDir,
} from "../manifest/mod.ts";

/** Permissions whose values are file paths (relative ones resolve in the extension folder). */
const PATH_PERMISSIONS = new Set<PermissionName>(["read", "write", "ffi"]);

const SCRIPT_EXTENSIONS = [".ts", ".mts", ".js", ".mjs"];

/** Folders a placeholder in a permission path may name. */
export interface SandboxPlaces {
  /** The session's working directory (`$CWD`). */
  cwd: string;
  /** The extension folder (`$EXT_DIR`). */
  extDir: string;
  /** The extension's data folder (`$DATA_DIR`). */
  dataDir: string;
  /**
   * Folders whose contents zot trusts without a sandbox: the grants, and the extension
   * folders it loads (unrestricted programs among them). Writing there undoes the sandbox.
   */
  trusted?: string[];
}

/** The places of one extension: its folder, its data folder, and what zot trusts. */
export function sandboxPlaces(
  paths: ZotPaths,
  cwd: string,
  name: string,
  extDir: string,
): SandboxPlaces {
  return {
    cwd,
    extDir,
    dataDir: extensionDataDir(paths, name),
    trusted: [
      paths.grants,
      paths.extensions,
      projectExtensionsDir(cwd),
      ...decisionFiles(paths.home),
    ],
  };
}

/**
 * Whether the manifest asks to run restricted: it has `permissions` (any language) or
 * `runtime: "deno"`. Without either an extension runs unrestricted, as it always did.
 */
export function isSandboxed(manifest: Manifest): boolean {
  return manifest.runtime === "deno" || manifest.permissions !== undefined;
}

/** Whether zot runs this extension under `deno run` with permission flags (the inner wall). */
export function runsUnderDeno(manifest: Manifest): boolean {
  if (manifest.runtime === "deno") return true;
  return manifest.permissions !== undefined &&
    SCRIPT_EXTENSIONS.some((ext) => manifest.exec.endsWith(ext));
}

/** An empty permission set: the sandbox with nothing granted. */
export function emptyPermissions(): PermissionRequest {
  return { allow: {}, deny: {} };
}

/** Expands `$CWD`, `$EXT_DIR`, `$DATA_DIR` and resolves relative paths in the extension folder. */
export function expandPath(value: string, places: SandboxPlaces): string {
  const expanded = value
    .replaceAll("$EXT_DIR", places.extDir)
    .replaceAll("$DATA_DIR", places.dataDir)
    .replaceAll("$CWD", places.cwd);
  return isAbsolute(expanded) ? resolve(expanded) : resolve(places.extDir, expanded);
}

/** Values with placeholders and relative paths made concrete, for flags and comparisons. */
export function concretePermissions(
  permissions: PermissionRequest,
  places: SandboxPlaces,
): PermissionRequest {
  const concrete = (set: PermissionRequest["allow"]) => {
    const out: PermissionRequest["allow"] = {};
    for (const name of PERMISSION_NAMES) {
      const value = set[name];
      if (value === undefined) continue;
      out[name] = Array.isArray(value) && PATH_PERMISSIONS.has(name)
        ? value.map((v) => expandPath(v, places))
        : value;
    }
    return out;
  };
  return { allow: concrete(permissions.allow), deny: concrete(permissions.deny) };
}

// Deno's list syntax is comma separated; a literal comma is written as ",,".
function listFlag(flag: string, values: string[]): string {
  return `${flag}=${values.map((v) => v.replaceAll(",", ",,")).join(",")}`;
}

function flagFor(kind: "allow" | "deny", name: PermissionName, value: PermissionValue): string[] {
  const flag = `--${kind}-${name}`;
  if (value === true) return [flag];
  if (value === false || value.length === 0) return [];
  return [listFlag(flag, value)];
}

/**
 * The `deno run` arguments for a sandboxed extension: `--no-prompt`, exactly the granted
 * `--allow-*` flags, the `--deny-*` flags, and `--no-remote` unless imports are granted
 * (Deno otherwise allows remote imports from a default list of hosts).
 */
export function denoRunArgs(
  granted: PermissionRequest,
  script: string,
  args: string[],
  options: { places: SandboxPlaces },
): string[] {
  const concrete = concretePermissions(granted, options.places);
  const flags = ["run", "--no-prompt", "--quiet"];
  for (const name of PERMISSION_NAMES) {
    const allow = concrete.allow[name];
    if (allow !== undefined) flags.push(...flagFor("allow", name, allow));
  }
  for (const name of PERMISSION_NAMES) {
    const deny = concrete.deny[name];
    if (deny !== undefined) flags.push(...flagFor("deny", name, deny));
  }
  const imports = concrete.allow.import;
  if (imports === undefined || imports === false || (Array.isArray(imports) && !imports.length)) {
    flags.push("--no-remote");
  }
  const scriptPath = isAbsolute(script) ? script : join(options.places.extDir, script);
  return [...flags, scriptPath, ...args];
}

/** Environment variable names a grant lets the extension see (`true` means all). */
export function grantedEnvNames(granted: PermissionRequest): string[] | true {
  const env = granted.allow.env;
  if (env === true) return true;
  if (!env) return [];
  return env;
}

/** What a Deno extension gets of zot's environment without a grant: what Deno needs for its cache. */
export const DENO_BASE_ENV = ["HOME", "DENO_DIR", "XDG_CACHE_HOME", "NO_COLOR"] as const;

/**
 * What any extension in an OS sandbox gets without a grant: where programs are, the locale
 * and NO_COLOR. HOME is set to its data folder by the launcher, not taken from here.
 */
export const OS_BASE_ENV = ["PATH", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "NO_COLOR"] as const;

/**
 * The child's environment: cleared, then only what Deno itself needs to find its cache
 * plus the granted variables (wildcards like `AWS_*` match by prefix).
 */
export function sandboxEnv(
  granted: PermissionRequest,
  parentEnv: Record<string, string>,
  extra: Record<string, string> = {},
  base: readonly string[] = DENO_BASE_ENV,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of base) {
    if (parentEnv[name] !== undefined) env[name] = parentEnv[name];
  }
  const names = grantedEnvNames(granted);
  if (names === true) Object.assign(env, parentEnv);
  else {
    for (const pattern of names) {
      if (pattern.endsWith("*")) {
        const prefix = pattern.slice(0, -1);
        for (const [k, v] of Object.entries(parentEnv)) if (k.startsWith(prefix)) env[k] = v;
      } else if (parentEnv[pattern] !== undefined) env[pattern] = parentEnv[pattern];
    }
  }
  return { ...env, ...extra };
}

function covers(grantedPath: string, path: string): boolean {
  return path === grantedPath ||
    path.startsWith(grantedPath.endsWith(sep) ? grantedPath : grantedPath + sep);
}

function valueCovers(
  name: PermissionName,
  granted: PermissionValue | undefined,
  asked: PermissionValue,
): boolean {
  if (asked === false || (Array.isArray(asked) && asked.length === 0)) return true;
  if (granted === true) return true;
  if (granted === undefined || granted === false) return false;
  if (asked === true) return false;
  return asked.every((item) =>
    granted.some((g) => PATH_PERMISSIONS.has(name) ? covers(g, item) : g === item)
  );
}

/** The permissions in `asked` that `granted` does not cover, as readable `name: value` lines. */
export function permissionsBeyond(
  asked: PermissionRequest,
  granted: PermissionRequest,
): string[] {
  const beyond: string[] = [];
  for (const name of PERMISSION_NAMES) {
    const value = asked.allow[name];
    if (value === undefined) continue;
    if (!valueCovers(name, granted.allow[name], value)) {
      beyond.push(`${name}: ${describeValue(value)}`);
    }
  }
  return beyond;
}

function describeValue(value: PermissionValue): string {
  if (value === true) return "everything";
  if (value === false) return "nothing";
  return value.join(", ");
}

function allowWords(name: PermissionName, value: true | string[]): string {
  const list = value === true ? undefined : value.join(", ");
  switch (name) {
    case "read":
      return list ? `read files in ${list}` : "read any file";
    case "write":
      return list ? `write files in ${list}` : "write any file";
    case "net":
      return list ? `connect to ${list}` : "connect to any host";
    case "env":
      return list ? `read the environment variables ${list}` : "read every environment variable";
    case "sys":
      return list ? `read system information (${list})` : "read all system information";
    case "run":
      return list ? `run the programs ${list}` : "run any program";
    case "ffi":
      return list ? `load the native libraries ${list}` : "load any native library";
    case "import":
      return list ? `import code from ${list}` : "import code from any host";
  }
}

/** Describes a permission set in plain words, one line per permission, flagging escapes. */
export function describePermissions(
  permissions: PermissionRequest,
  places: SandboxPlaces,
): string[] {
  const lines: string[] = [];
  const concrete = concretePermissions(permissions, places);
  for (const name of PERMISSION_NAMES) {
    const value = concrete.allow[name];
    if (value === undefined || value === false || (Array.isArray(value) && !value.length)) continue;
    const escape = escapeReason(name, value, places);
    lines.push(allowWords(name, value) + (escape ? ` (FULL ACCESS: ${escape})` : ""));
  }
  for (const name of PERMISSION_NAMES) {
    const value = concrete.deny[name];
    if (value === undefined || value === false || (Array.isArray(value) && !value.length)) continue;
    lines.push(`never ${allowWords(name, value)}`);
  }
  if (!lines.length) lines.push("nothing: no file, network, environment or process access");
  return lines;
}

/**
 * Why a grant undoes the sandbox, or undefined. `run` starts processes outside Deno's checks,
 * `ffi` loads native code, and `write` over executables, shell start-up files, the
 * extension's own code, zot's grants or the extension folders zot loads lets it run
 * anything next time.
 */
export function escapeReason(
  name: PermissionName,
  value: PermissionValue,
  places: SandboxPlaces,
  pathDirs: string[] = (Deno.env.get("PATH") ?? "").split(":").filter(Boolean),
  home: string | undefined = Deno.env.get("HOME"),
): string | undefined {
  if (value === false) return undefined;
  if (name === "run") return "a spawned program runs outside Deno's permission checks";
  if (name === "ffi") return "native code runs outside Deno's permission checks";
  if (name !== "write") return undefined;
  if (value === true) return "it may overwrite programs and its own code";
  const sensitive = [places.extDir, ...pathDirs.map((p) => resolve(p))];
  const trusted = (places.trusted ?? []).map((p) => resolve(p));
  for (const path of value.map((v) => expandPath(v, places))) {
    if (sensitive.some((s) => covers(path, s) || covers(s, path))) {
      return `${path} holds programs or the extension's own code`;
    }
    if (trusted.some((t) => covers(path, t) || covers(t, path))) {
      return `${path} holds zot's grants or extensions it runs`;
    }
    const dotted = home ? homeDotPath(realOr(path), realOr(resolve(home))) : undefined;
    if (dotted) return dotted;
  }
  return undefined;
}

function realOr(path: string): string {
  try {
    return Deno.realPathSync(path);
  } catch {
    return path;
  }
}

/**
 * Writing `$HOME` itself, a dot-file or dot-folder in it (`~/.bashrc`, `~/.profile`,
 * `~/.ssh/authorized_keys`, `~/.config/…`) lets the next login or program run what the
 * extension wrote there.
 */
function homeDotPath(path: string, home: string): string | undefined {
  if (path === home) return `${path} holds shell start-up files`;
  if (!covers(home, path)) return undefined;
  const first = path.slice(home.length).split(sep).filter(Boolean)[0] ?? "";
  if (first === ".ssh") return `${path} holds SSH keys and authorized_keys`;
  if (first.startsWith(".")) return `${path} is a start-up or configuration file in $HOME`;
  return undefined;
}

/** Whether any grant in the set undoes the sandbox. */
export function hasEscape(permissions: PermissionRequest, places: SandboxPlaces): boolean {
  return PERMISSION_NAMES.some((name) => {
    const value = permissions.allow[name];
    return value !== undefined && escapeReason(name, value, places) !== undefined;
  });
}
