/**
 * Project trust: an extension found in a project's `.zot/extensions/` is code that came with
 * the project (a clone, a download), so it does not start until the user trusts it. Trust is
 * stored in `$ZOT_HOME/trust.json`, outside every project, keyed by the extension folder's
 * real path and pinned to the fingerprint of its files: an edited extension is "modified" and
 * needs trust again. Installed (global) extensions and `--ext` folders need no trust: the
 * install, or naming the folder on the command line, is the user's consent.
 */

import { isAbsolute, join, resolve, sep } from "../../paths/mod.ts";
import type { ZotPaths } from "../../config/mod.ts";
import type { DiscoveredExtension, ExtensionSource, Manifest } from "../manifest/mod.ts";
import { isRecord, readStore, realDir, writeStore } from "./json_store.ts";
import { hashExtensionTree } from "./tree_hash.ts";

/** Whether a project extension may start. */
export type TrustState = "trusted" | "untrusted" | "modified";

/** One trusted extension folder. */
export interface TrustEntry {
  name: string;
  /** The tree fingerprint (see hashExtensionTree) at the time it was trusted. */
  hash: string;
  trusted: string;
}

interface TrustFile {
  version: 1;
  /** By the extension folder's real path. */
  extensions: Record<string, TrustEntry>;
}

/** What trust is decided on: an extension's name, folder and where it was found. */
export interface TrustSubject {
  name: string;
  dir: string;
  source: ExtensionSource;
}

function trustFile(paths: ZotPaths): string {
  return join(paths.home, "trust.json");
}

function isTrustFile(value: unknown): value is TrustFile {
  if (!isRecord(value) || value.version !== 1 || !isRecord(value.extensions)) return false;
  return Object.values(value.extensions).every((entry) =>
    isRecord(entry) && typeof entry.name === "string" && typeof entry.hash === "string"
  );
}

async function load(paths: ZotPaths): Promise<TrustFile> {
  return await readStore(
    trustFile(paths),
    () => ({ version: 1, extensions: {} }),
    isTrustFile,
    `delete it and trust the project's extensions again: zot ext trust`,
  );
}

/** Whether an extension found here needs the user's trust before it starts. */
export function needsTrust(ext: { source: ExtensionSource }): boolean {
  return ext.source === "project";
}

/** The trust state of a project extension (callers check needsTrust first). */
export async function trustState(
  paths: ZotPaths,
  ext: TrustSubject,
  file?: TrustFile,
): Promise<TrustState> {
  const entry = (file ?? await load(paths)).extensions[await realDir(ext.dir)];
  if (!entry) return "untrusted";
  const hash = await hashExtensionTree(ext.dir).catch(() => undefined);
  return hash === entry.hash && entry.name === ext.name ? "trusted" : "modified";
}

/** Trusts the extension's files as they are now; returns the stored entry. */
export async function trustExtension(paths: ZotPaths, ext: TrustSubject): Promise<TrustEntry> {
  const hash = await hashExtensionTree(ext.dir);
  const file = await load(paths);
  const entry: TrustEntry = { name: ext.name, hash, trusted: new Date().toISOString() };
  file.extensions[await realDir(ext.dir)] = entry;
  await writeStore(trustFile(paths), file);
  return entry;
}

/** Forgets the trust of an extension folder; false when it was not trusted. */
export async function untrustExtension(paths: ZotPaths, ext: TrustSubject): Promise<boolean> {
  const file = await load(paths);
  const key = await realDir(ext.dir);
  if (!file.extensions[key]) return false;
  delete file.extensions[key];
  await writeStore(trustFile(paths), file);
  return true;
}

/** An extension held back because it is not trusted. */
export interface UntrustedExtension {
  extension: DiscoveredExtension;
  state: Exclude<TrustState, "trusted">;
}

/** Splits extensions into those that may start and project ones that are not trusted. */
export async function partitionByTrust(
  paths: ZotPaths,
  extensions: readonly DiscoveredExtension[],
): Promise<{ trusted: DiscoveredExtension[]; untrusted: UntrustedExtension[] }> {
  const trusted: DiscoveredExtension[] = [];
  const untrusted: UntrustedExtension[] = [];
  // Read only when a project extension is there: most runs have none.
  const file = extensions.some(needsTrust) ? await load(paths) : undefined;
  for (const extension of extensions) {
    const state = needsTrust(extension) ? await trustState(paths, extension, file) : "trusted";
    if (state === "trusted") trusted.push(extension);
    else untrusted.push({ extension, state });
  }
  return { trusted, untrusted };
}

/** Why an untrusted extension did not start, with the command that trusts it. */
export function untrustedReason(name: string, state: Exclude<TrustState, "trusted">): string {
  const why = state === "modified"
    ? "its files changed since you trusted it"
    : "it comes with this project and you have not trusted it yet";
  return `${why}; review it, then run: zot ext trust ${name}`;
}

/**
 * Paths in the manifest's `exec` and `args` that point outside the extension folder: trust
 * pins the folder's files only, so a program run from elsewhere can change unnoticed. The
 * question and `zot ext trust` name them.
 */
export function outsideFolder(ext: { dir: string; manifest: Manifest }): string[] {
  const root = resolve(ext.dir);
  // <project>/.zot/extensions/<name>: absolute paths into the project count, system
  // programs (/usr/bin/python3) do not.
  const project = resolve(root, "..", "..", "..");
  const inside = (path: string, folder: string) => path === folder || path.startsWith(folder + sep);
  return [ext.manifest.exec, ...ext.manifest.args].filter((arg) => {
    const looksLikePath = arg.includes("/") || arg.includes("\\") || arg.startsWith(".");
    if (!looksLikePath || arg.startsWith("-")) return false;
    const where = resolve(root, arg);
    if (inside(where, root)) return false;
    return isAbsolute(arg) ? inside(where, project) : true;
  });
}
