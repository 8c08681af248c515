/**
 * `zot ext install`: copy a folder or shallow-clone a git URL into a hidden staging folder
 * inside the destination root, validate its manifest, then rename it to `<root>/<name>`.
 * Any failure removes the staging folder, so a failed install leaves nothing behind.
 */

import { isAbsolute, join, resolve } from "../../paths/mod.ts";
import { ensureDir, pathExists, type ZotPaths } from "../../config/mod.ts";
import { CancelledError, ConfigError, errorMessage, ZotError } from "../../errors/mod.ts";
import { copyTree } from "./copy_tree.ts";
import { linksLeaving } from "./outside_links.ts";
import {
  discoverExtensions,
  recordInstall,
  stagingPrefix,
  sweepStaging,
} from "../discovery/mod.ts";
import {
  type Manifest,
  MANIFEST_FILE,
  projectExtensionsDir,
  readManifest,
} from "../manifest/mod.ts";

/** Where and how to install. */
export interface InstallOptions {
  /** A folder holding `extension.json`, or a git URL (see isGitUrl). */
  source: string;
  /** Base of a relative source path and of the project scope. */
  cwd: string;
  paths: ZotPaths;
  /** Replace an installed extension with the same name. */
  force?: boolean;
  /** Install into `<cwd>/.zot/extensions` instead of `$ZOT_HOME/extensions`. */
  local?: boolean;
  /** Aborting stops the copy or kills git; the install is rolled back. */
  signal?: AbortSignal;
  /**
   * Asked once the staged copy's manifest is valid, before anything is moved into place;
   * answering false rolls the install back (used to confirm permissions).
   */
  confirm?: (manifest: Manifest, stagedDir: string) => Promise<boolean>;
  /**
   * Runs after confirm, on the staged copy, before anything is moved into place: throwing
   * rolls the install back (used to refuse an extension that fails its handshake check).
   */
  verify?: (manifest: Manifest, stagedDir: string) => Promise<void>;
}

/** What an install did. */
export interface InstallResult {
  name: string;
  /** The installed extension folder. */
  dir: string;
  manifestPath: string;
  manifest: Manifest;
  scope: "project" | "global";
  kind: "path" | "git";
  /** Folders of the extensions that `force` replaced. */
  replaced: string[];
  /** Things worth telling the user that did not stop the install (e.g. exec not built yet). */
  warnings: string[];
  /** The fresh id of this install (grants are tied to it). */
  installId: string;
}

const SCHEME = /^(https?|ssh|git|file):\/\//i;
const SCP_LIKE = /^[A-Za-z0-9._~-]+@[A-Za-z0-9.-]+:/;

/** Whether `source` is a git URL: a git scheme, `user@host:path`, or a name ending in `.git`. */
export function isGitUrl(source: string): boolean {
  return SCHEME.test(source) || SCP_LIKE.test(source) || /\.git\/?$/i.test(source);
}

/** Installs one extension; see the module comment for the steps and the rollback rule. */
export async function installExtension(options: InstallOptions): Promise<InstallResult> {
  const kind = isGitUrl(options.source) ? "git" : "path";
  const scope = options.local ? "project" : "global";
  const sourceDir = kind === "path" ? await checkSourceFolder(options) : undefined;
  const root = await ensureDir(
    options.local ? projectExtensionsDir(options.cwd) : resolve(options.paths.extensions),
  );
  await sweepStaging([root]);
  const staging = await Deno.makeTempDir({ dir: root, prefix: stagingPrefix("install") });
  try {
    const fresh = join(staging, "new");
    if (sourceDir) {
      // Installing a folder into itself (e.g. `install . --local`) must not copy the root.
      const skip = new Set([await Deno.realPath(root)]);
      await copyTree(sourceDir, fresh, { skip, signal: options.signal });
    } else {
      await gitClone(options.source, fresh, options.signal);
    }
    await refuseOutsideLinks(options.source, fresh);
    const parsed = await readManifest(join(fresh, MANIFEST_FILE));
    if (!parsed.ok) throw invalidSource(options.source, parsed.reason);
    const manifest = parsed.manifest;
    const dir = join(root, manifest.name);
    // Cheap checks first: nobody should confirm an install that cannot happen.
    const clashes = await findClashes(options, scope, dir, manifest.name);
    if (options.confirm && !(await options.confirm(manifest, fresh))) {
      throw new ZotError("ext_install_declined", `did not install "${manifest.name}"`, 1, {
        hint: "nothing was changed; pass --yes to install without asking",
      });
    }
    await options.verify?.(manifest, fresh);
    // A signal during the (bounded) check ends the install once the check has stopped
    // what it started, before anything is moved into place.
    if (options.signal?.aborted) throw new CancelledError("install cancelled");
    const replaced = await moveAside(clashes, staging);
    try {
      await Deno.rename(fresh, dir);
    } catch (err) {
      await restore(replaced);
      throw new ZotError("ext_install_failed", `cannot move the extension into ${dir}`, 1, {
        cause: err,
        hint: errorMessage(err),
      });
    }
    // A fresh id per install: grants of a replaced copy do not carry over.
    const installId = await recordInstall(options.paths, dir, manifest.name);
    return {
      installId,
      name: manifest.name,
      dir,
      manifestPath: join(dir, MANIFEST_FILE),
      manifest,
      scope,
      kind,
      replaced: replaced.map((r) => r.dir),
      warnings: await execWarnings(dir, manifest),
    };
  } finally {
    await Deno.remove(staging, { recursive: true }).catch(() => {});
  }
}

async function checkSourceFolder(options: InstallOptions): Promise<string> {
  const dir = resolve(options.cwd, options.source);
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(dir);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) {
      throw new ZotError(
        "ext_source_missing",
        `cannot install ${options.source}: no such folder`,
        1,
        {
          hint: "give a folder that holds extension.json, or a git URL",
        },
      );
    }
    throw new ZotError("ext_source_unreadable", `cannot read ${options.source}`, 1, {
      cause: err,
      hint: errorMessage(err),
    });
  }
  if (!info.isDirectory) {
    throw new ZotError(
      "ext_source_not_folder",
      `cannot install ${options.source}: not a folder`,
      1,
      {
        hint: "give the folder that holds extension.json",
      },
    );
  }
  // Fail before copying anything when the folder cannot be an extension.
  const parsed = await readManifest(join(dir, MANIFEST_FILE));
  if (!parsed.ok) throw invalidSource(options.source, parsed.reason);
  return await Deno.realPath(dir);
}

function invalidSource(source: string, reason: string): ConfigError {
  return new ConfigError(
    "ext_invalid_manifest",
    `cannot install ${source}: ${MANIFEST_FILE} is not usable (${reason})`,
    { hint: "nothing was installed; fix the manifest and try again" },
  );
}

/** Runs `git clone --depth 1 -- <url> <dest>`; user input only ever follows `--`. */
async function gitClone(url: string, dest: string, signal?: AbortSignal): Promise<void> {
  const command = new Deno.Command("git", {
    // ext:: runs arbitrary commands; it is off by default in git, and stays off here.
    args: ["-c", "protocol.ext.allow=never", "clone", "--depth", "1", "--quiet", "--", url, dest],
    env: { GIT_TERMINAL_PROMPT: "0" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    signal,
  });
  let output: Deno.CommandOutput;
  try {
    output = await command.output();
  } catch (err) {
    if (signal?.aborted) throw new CancelledError("install cancelled");
    if (err instanceof Deno.errors.NotFound) {
      throw new ZotError("git_missing", "cannot install from a git URL: git is not on PATH", 1, {
        hint: "install git, or clone the repository yourself and install the folder",
      });
    }
    throw err;
  }
  if (signal?.aborted) throw new CancelledError("install cancelled");
  if (!output.success) {
    const stderr = new TextDecoder().decode(output.stderr).trim().split("\n").slice(-3).join(" ");
    throw new ZotError("ext_clone_failed", `git clone ${url} failed: ${stderr || "no output"}`, 1, {
      hint: "check the URL and your access to it; nothing was installed",
    });
  }
}

interface MovedAside {
  dir: string;
  parked: string;
}

/**
 * Finds what the new extension would collide with in its scope: the folder `<root>/<name>`
 * and any other folder whose manifest has the same name. Without `force` that is an error.
 */
async function findClashes(
  options: InstallOptions,
  scope: "project" | "global",
  dir: string,
  name: string,
): Promise<string[]> {
  const found = await discoverExtensions({
    cwd: options.cwd,
    paths: options.paths,
    explicit: [],
    noDiscovery: false,
  });
  const clashes = [...found.extensions, ...found.shadowed]
    .filter((ext) => ext.source === scope && ext.name === name)
    .map((ext) => ext.dir);
  if (await pathExists(dir) && !clashes.includes(dir)) clashes.unshift(dir);
  if (clashes.length === 0) return [];
  if (!options.force) {
    throw new ZotError(
      "ext_exists",
      `extension "${name}" is already installed (${scope}) at ${clashes[0]}`,
      1,
      { hint: "pass --force to replace it" },
    );
  }
  return clashes;
}

/** Moves replaced copies into the staging folder (removed with it once the install works). */
async function moveAside(clashes: string[], staging: string): Promise<MovedAside[]> {
  const moved: MovedAside[] = [];
  for (const [i, existing] of clashes.entries()) {
    const parked = join(staging, `old-${i}`);
    try {
      await Deno.rename(existing, parked);
    } catch (err) {
      await restore(moved);
      throw new ZotError("ext_install_failed", `cannot replace ${existing}`, 1, {
        cause: err,
        hint: errorMessage(err),
      });
    }
    moved.push({ dir: existing, parked });
  }
  return moved;
}

async function restore(moved: MovedAside[]): Promise<void> {
  for (const { dir, parked } of moved.toReversed()) {
    await Deno.rename(parked, dir).catch(() => {});
  }
}

/** Warns about an exec path inside the extension that is missing or not executable. */
async function execWarnings(dir: string, manifest: Manifest): Promise<string[]> {
  const exec = manifest.exec;
  const isPath = exec.includes("/") || exec.includes("\\") || exec.startsWith(".");
  if (!isPath || isAbsolute(exec)) return [];
  const path = join(dir, exec);
  try {
    const info = await Deno.stat(path);
    const needsExecBit = manifest.runtime !== "deno" && Deno.build.os !== "windows";
    if (needsExecBit && info.isFile && ((info.mode ?? 0o755) & 0o111) === 0) {
      return [`"${exec}" is not executable; run: chmod +x ${path}`];
    }
    return [];
  } catch {
    return [`"${exec}" does not exist yet in ${dir}; build it before starting zot`];
  }
}

/** Refuses a folder with links out of it, naming each, before anything is asked or installed. */
async function refuseOutsideLinks(source: string, fresh: string): Promise<void> {
  const leaving = await linksLeaving(fresh);
  if (leaving.length === 0) return;
  const named = leaving.map((l) => `${l.path} -> ${l.target}`).join(", ");
  throw new ZotError(
    "ext_install_outside_link",
    `cannot install ${source}: ${named} ${
      leaving.length === 1 ? "links" : "link"
    } outside the extension's folder`,
    1,
    {
      hint: "an extension may only link inside its own folder; copy what it needs into the " +
        "folder or remove the link, then install again",
    },
  );
}
