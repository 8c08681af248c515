/**
 * `zot ext remove|enable|disable`: act on an installed extension by its manifest name.
 *
 * When a name is installed in both scopes, the project copy is the one discovery loads, so it
 * is the one these act on; `scope` picks the other explicitly. Upstream picked at random.
 */

import { basename, dirname, join } from "../../paths/mod.ts";
import type { ZotPaths } from "../../config/mod.ts";
import { setJsoncProperty } from "../../jsonc/mod.ts";
import { UsageError, ZotError } from "../../errors/mod.ts";
import { discoverExtensions, type DiscoveryResult, stagingPrefix } from "../discovery/mod.ts";
import {
  type DiscoveredExtension,
  extensionNameProblem,
  type InvalidExtension,
} from "../manifest/mod.ts";

/** An install scope: `<cwd>/.zot/extensions` or `$ZOT_HOME/extensions`. */
export type InstallScope = "project" | "global";

/** Which installed extensions to look at. */
export interface ManageOptions {
  cwd: string;
  paths: ZotPaths;
  /** Only this scope; by default the copy that wins discovery. */
  scope?: InstallScope;
}

/** What removeExtension deleted. */
export interface RemovedExtension {
  name: string;
  dir: string;
  source: InstallScope;
  /** False when the folder's manifest was invalid (it was matched by folder name). */
  valid: boolean;
}

/** The result of enabling or disabling. */
export interface EnableResult {
  extension: DiscoveredExtension;
  /** False when the manifest already said so (nothing was written). */
  changed: boolean;
}

function checkName(name: string): void {
  const problem = extensionNameProblem(name);
  if (problem) throw new UsageError(`invalid extension name: ${problem}`);
}

async function discoverInstalled(options: ManageOptions): Promise<DiscoveryResult> {
  return await discoverExtensions({
    cwd: options.cwd,
    paths: options.paths,
    explicit: [],
    noDiscovery: false,
  });
}

function inScope(scope: InstallScope | undefined) {
  return (ext: { source: string }) => scope === undefined || ext.source === scope;
}

function notFound(name: string, options: ManageOptions, found: DiscoveryResult): ZotError {
  const elsewhere = [...found.extensions, ...found.shadowed].find((ext) => ext.name === name);
  if (options.scope && elsewhere) {
    const flag = elsewhere.source === "project" ? "--local" : "--global";
    return new ZotError(
      "ext_not_found",
      `extension "${name}" is not installed in the ${options.scope} scope`,
      1,
      { hint: `it is installed in the ${elsewhere.source} scope; use ${flag}` },
    );
  }
  return new ZotError("ext_not_found", `no extension named "${name}" is installed`, 1, {
    hint: "see: zot ext list",
  });
}

/** Finds the installed extension called `name` (precedence as described in the module doc). */
export async function findInstalled(
  name: string,
  options: ManageOptions,
): Promise<DiscoveredExtension> {
  checkName(name);
  const found = await discoverInstalled(options);
  const match = [...found.extensions, ...found.shadowed]
    .filter(inScope(options.scope))
    .find((ext) => ext.name === name);
  if (!match) throw notFound(name, options, found);
  return match;
}

/**
 * Deletes an installed extension's folder. An extension whose manifest is invalid can be
 * removed by its folder name, since `zot ext list` shows it under that name.
 */
export async function removeExtension(
  name: string,
  options: ManageOptions,
): Promise<RemovedExtension> {
  checkName(name);
  const found = await discoverInstalled(options);
  const valid = [...found.extensions, ...found.shadowed]
    .filter(inScope(options.scope))
    .find((ext) => ext.name === name);
  const invalid: InvalidExtension | undefined = valid ? undefined : found.invalid
    .filter(inScope(options.scope))
    .find((ext) => ext.source !== "flag" && basename(ext.dir) === name);
  const target = valid ?? invalid;
  if (!target) throw notFound(name, options, found);
  await removeFolder(target.dir);
  return { name, dir: target.dir, source: target.source as InstallScope, valid: !!valid };
}

// Rename first so a half-finished delete never leaves a half-extension discovery would load.
async function removeFolder(dir: string): Promise<void> {
  const trash = await Deno.makeTempDir({ dir: dirname(dir), prefix: stagingPrefix("remove") });
  try {
    await Deno.rename(dir, join(trash, "old"));
  } catch (err) {
    throw new ZotError("ext_remove_failed", `cannot remove ${dir}`, 1, {
      cause: err,
      hint: err instanceof Error ? err.message : String(err),
    });
  } finally {
    await Deno.remove(trash, { recursive: true });
  }
}

/** Sets `"enabled"` in the extension's manifest, keeping its comments and formatting. */
export async function setExtensionEnabled(
  name: string,
  enabled: boolean,
  options: ManageOptions,
): Promise<EnableResult> {
  const extension = await findInstalled(name, options);
  if (extension.manifest.enabled === enabled) return { extension, changed: false };
  const file = await Deno.realPath(extension.manifestPath);
  const text = await Deno.readTextFile(file);
  const next = await setJsoncProperty(text, ["enabled"], enabled, extension.manifestPath);
  await writeFileAtomic(file, next);
  return {
    extension: { ...extension, manifest: { ...extension.manifest, enabled } },
    changed: true,
  };
}

/** Writes through a temp file and a rename, keeping the file's mode; never a torn file. */
async function writeFileAtomic(path: string, text: string): Promise<void> {
  const info = await Deno.stat(path);
  const temp = join(dirname(path), `.${basename(path)}.zot-${crypto.randomUUID()}`);
  try {
    const mode = info.mode === null ? undefined : info.mode & 0o7777;
    await Deno.writeTextFile(temp, text, { createNew: true, mode });
    // The umask applies at creation; chmod restores the exact original bits.
    if (mode !== undefined && Deno.build.os !== "windows") await Deno.chmod(temp, mode);
    await Deno.rename(temp, path);
  } catch (err) {
    await Deno.remove(temp).catch(() => {});
    throw new ZotError("ext_write_failed", `cannot write ${path}`, 1, {
      cause: err,
      hint: err instanceof Error ? err.message : String(err),
    });
  }
}
