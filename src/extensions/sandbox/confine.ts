/**
 * What an OS sandbox must let one extension see, whatever its language: the system
 * directories (read-only, added by the mechanism), the program and its interpreter, its
 * own folder (read-only), its data folder (read-write) and exactly the granted paths.
 * Every path is a real path: a symlink is followed here, once, so what is bound is what
 * was granted, and a link inside the extension folder cannot point the grant elsewhere.
 */

import { basename, dirname, isAbsolute, resolve, sep } from "../../paths/mod.ts";
import type { PermissionRequest, PermissionValue } from "../manifest/mod.ts";
import { expandPath, type SandboxPlaces } from "./permissions.ts";

/** A path hidden from the extension (a denied read), and whether it is a folder. */
export interface HiddenPath {
  path: string;
  dir: boolean;
}

/** The file-system and network view of one sandboxed extension, in real paths. */
export interface Confinement {
  /** `read: true`: the whole file system is visible (read-only). */
  readAll: boolean;
  /** `write: true`: the whole file system is writable. */
  writeAll: boolean;
  /** Visible read-only, besides the system directories. */
  read: string[];
  /** Visible read-write. */
  write: string[];
  /** Denied reads inside what is visible. */
  hide: HiddenPath[];
  /** Denied writes inside what is writable. */
  protect: string[];
  /** Any network at all (host lists cannot be told apart at this level). */
  net: boolean;
  /** The extension's working directory (its real folder). */
  cwd: string;
  /** The real data folder, also the extension's HOME. */
  home: string;
}

/** Inputs of buildConfinement. */
export interface ConfineInput {
  granted: PermissionRequest;
  /** Places whose extDir and dataDir are real paths (see realPlaces). */
  places: SandboxPlaces;
  /** The program zot runs (interpreter or binary), already resolved to a path. */
  program: string;
  /** More read-only locations the runtime needs (e.g. Deno's cache). */
  runtimeDirs?: string[];
  /** `$HOME`, so an interpreter under it exposes only its own prefix. */
  home?: string;
}

/** The real path of `path`, or undefined when it does not exist. */
export async function realPathOrUndefined(path: string): Promise<string | undefined> {
  try {
    return await Deno.realPath(path);
  } catch {
    return undefined;
  }
}

/** Whether `inner` is `outer` or inside it. */
export function within(outer: string, inner: string): boolean {
  return inner === outer || inner.startsWith(outer.endsWith(sep) ? outer : outer + sep);
}

/** The extension's places in real paths; the data folder is created so it can be bound. */
export async function realPlaces(places: SandboxPlaces): Promise<SandboxPlaces> {
  await Deno.mkdir(places.dataDir, { recursive: true });
  return {
    ...places,
    extDir: await Deno.realPath(places.extDir),
    dataDir: await Deno.realPath(places.dataDir),
    cwd: (await realPathOrUndefined(places.cwd)) ?? places.cwd,
  };
}

/** Whether a manifest value is written relative to the extension folder. */
function extRelative(value: string): boolean {
  return value.startsWith("$EXT_DIR") || (!isAbsolute(value) && !value.startsWith("$"));
}

/**
 * Real paths of a granted path list. A path the extension names relative to its own
 * folder must stay inside that folder's real path: a link `sshlink -> ~/.ssh` does not
 * turn `read: ["./sshlink"]` into a grant of `~/.ssh`. Paths that do not exist are left
 * out (nothing to bind).
 */
async function realGrantPaths(
  value: PermissionValue | undefined,
  places: SandboxPlaces,
): Promise<string[]> {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const raw of value) {
    const real = await realPathOrUndefined(expandPath(raw, places));
    if (real === undefined) continue;
    if (extRelative(raw) && !within(places.extDir, real)) {
      throw new Error(
        `its grant ${JSON.stringify(raw)} leads outside its folder (to ${real}) through a symlink`,
      );
    }
    out.push(real);
  }
  return out;
}

/** The first line of a script names its interpreter (`#!/usr/bin/env python3`). */
async function shebangInterpreter(program: string): Promise<string | undefined> {
  let file: Deno.FsFile | undefined;
  try {
    file = await Deno.open(program);
    const buf = new Uint8Array(256);
    const n = await file.read(buf) ?? 0;
    const text = new TextDecoder().decode(buf.subarray(0, n));
    if (!text.startsWith("#!")) return undefined;
    const first = text.slice(2).split("\n")[0].trim().split(/\s+/)[0];
    return first && isAbsolute(first) ? first : undefined;
  } catch {
    return undefined;
  } finally {
    file?.close();
  }
}

/**
 * The read-only locations a program needs: the file itself, and where it lives under a
 * `bin/` folder the prefix above it (an nvm node, a pyenv python, a Go toolchain need
 * their `lib/`), except when that prefix is `$HOME`, `~/.local` or the root.
 */
export function programDirs(program: string, home?: string): string[] {
  const dir = dirname(program);
  if (basename(dir) !== "bin") return [program];
  const prefix = dirname(dir);
  const tooBroad = prefix === "/" || prefix === "/usr" ||
    (home !== undefined && (prefix === resolve(home) || prefix === resolve(home, ".local")));
  return tooBroad ? [program] : [prefix];
}

async function programLocations(program: string, home?: string): Promise<string[]> {
  const real = await realPathOrUndefined(program);
  if (!real) return [];
  const out = programDirs(real, home);
  const interpreter = await shebangInterpreter(real);
  if (interpreter) {
    const realInterpreter = await realPathOrUndefined(interpreter);
    if (realInterpreter) out.push(...programDirs(realInterpreter, home));
  }
  return out;
}

async function hiddenPaths(value: PermissionValue | undefined, places: SandboxPlaces) {
  const out: HiddenPath[] = [];
  if (!Array.isArray(value)) return out;
  for (const raw of value) {
    const real = await realPathOrUndefined(expandPath(raw, places));
    if (!real) continue;
    out.push({ path: real, dir: (await Deno.stat(real)).isDirectory });
  }
  return out;
}

function netAllowed(granted: PermissionRequest): boolean {
  const allow = granted.allow.net;
  const deny = granted.deny.net;
  if (deny === true) return false;
  return allow === true || (Array.isArray(allow) && allow.length > 0);
}

/** Builds the confinement; throws (with a reason) when a grant escapes through a link. */
export async function buildConfinement(input: ConfineInput): Promise<Confinement> {
  const { granted, places } = input;
  const read = [
    places.extDir,
    ...await programLocations(input.program, input.home),
    ...input.runtimeDirs ?? [],
    ...await realGrantPaths(granted.allow.read, places),
  ];
  const write = [places.dataDir, ...await realGrantPaths(granted.allow.write, places)];
  return {
    readAll: granted.allow.read === true,
    writeAll: granted.allow.write === true,
    read: [...new Set(read)],
    write: [...new Set(write)],
    hide: await hiddenPaths(granted.deny.read, places),
    protect: (await hiddenPaths(granted.deny.write, places)).map((h) => h.path),
    net: netAllowed(granted),
    cwd: places.extDir,
    home: places.dataDir,
  };
}
