/**
 * Finds extensions: `--ext` folders, then `<cwd>/.zot/extensions/*`, then
 * `$ZOT_HOME/extensions/*`. Precedence is decided here, before anything is spawned, by the
 * manifest's `name` (not the folder name, unlike upstream): the first one found wins and the
 * rest are reported as shadowed. Folders are read in code-unit name order; hidden folders
 * (zot's install/remove staging, the user's tooling) are skipped.
 */

import { basename, dirname, join, resolve } from "../../paths/mod.ts";
import type { ZotPaths } from "../../config/mod.ts";
import {
  type DiscoveredExtension,
  type ExtensionSource,
  type InvalidExtension,
  MANIFEST_FILE,
  readManifest,
  scopeRoots,
} from "../manifest/mod.ts";

/** What discovery reads; all paths are explicit so tests and `--cwd` control them. */
export interface DiscoveryOptions {
  /** Working directory: base of the project scope and of relative `--ext` paths. */
  cwd: string;
  paths: ZotPaths;
  /** `--ext` folders (or their `extension.json` files), in flag order. */
  explicit: string[];
  /** `--no-ext`: skip the project and global scopes; explicit folders still load. */
  noDiscovery: boolean;
}

/** An extension hidden by an earlier one with the same manifest name. */
export interface ShadowedExtension extends DiscoveredExtension {
  /** The extension that wins. */
  shadowedBy: { dir: string; source: ExtensionSource };
}

/** Everything discovery found, each list in precedence order. */
export interface DiscoveryResult {
  /** One per name, enabled or not (callers filter on `manifest.enabled`). */
  extensions: DiscoveredExtension[];
  invalid: InvalidExtension[];
  shadowed: ShadowedExtension[];
}

interface Candidate {
  dir: string;
  manifestPath: string;
  source: ExtensionSource;
  /** Set when the folder cannot be used before its manifest is even read. */
  problem?: string;
}

/** Discovers extensions; a bad folder or manifest is reported and never stops the rest. */
export async function discoverExtensions(options: DiscoveryOptions): Promise<DiscoveryResult> {
  const candidates: Candidate[] = options.explicit.map((path) =>
    explicitCandidate(options.cwd, path)
  );
  if (!options.noDiscovery) {
    for (const { source, root } of scopeRoots(options.cwd, options.paths)) {
      candidates.push(...await scanRoot(root, source));
    }
  }
  const manifests = await Promise.all(candidates.map(async (candidate) => {
    if (candidate.problem) return { ok: false as const, reason: candidate.problem };
    return await readManifest(candidate.manifestPath);
  }));

  const result: DiscoveryResult = { extensions: [], invalid: [], shadowed: [] };
  const winners = new Map<string, DiscoveredExtension>();
  candidates.forEach(({ dir, manifestPath, source }, i) => {
    const parsed = manifests[i];
    if (!parsed.ok) {
      result.invalid.push({ dir, manifestPath, source, reason: parsed.reason });
      return;
    }
    const found: DiscoveredExtension = {
      name: parsed.manifest.name,
      dir,
      manifestPath,
      source,
      manifest: parsed.manifest,
    };
    const winner = winners.get(found.name);
    if (winner) {
      result.shadowed.push({ ...found, shadowedBy: { dir: winner.dir, source: winner.source } });
      return;
    }
    winners.set(found.name, found);
    result.extensions.push(found);
  });
  return result;
}

function explicitCandidate(cwd: string, path: string): Candidate {
  let dir = resolve(cwd, path);
  if (basename(dir) === MANIFEST_FILE) dir = dirname(dir);
  const candidate: Candidate = { dir, manifestPath: join(dir, MANIFEST_FILE), source: "flag" };
  try {
    if (!Deno.statSync(dir).isDirectory) {
      candidate.problem =
        `--ext ${path} is not a folder (give the folder that holds ${MANIFEST_FILE})`;
    }
  } catch (err) {
    candidate.problem = err instanceof Deno.errors.NotFound
      ? `--ext ${path}: no such folder`
      : `--ext ${path}: ${(err as Error).message}`;
  }
  return candidate;
}

// Code-unit order, not locale order, so every machine sees the same precedence.
function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function scanRoot(root: string, source: ExtensionSource): Promise<Candidate[]> {
  const names: string[] = [];
  try {
    for await (const entry of Deno.readDir(root)) {
      // Hidden folders are zot's own staging folders (install, remove) or the user's tooling.
      if (entry.name.startsWith(".")) continue;
      if (entry.isDirectory) names.push(entry.name);
      else if (entry.isSymlink && await isDirectory(join(root, entry.name))) names.push(entry.name);
    }
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return [];
    const problem = err instanceof Deno.errors.NotADirectory
      ? `${root} is not a folder`
      : `cannot list ${root}: ${(err as Error).message}`;
    return [{ dir: root, manifestPath: join(root, MANIFEST_FILE), source, problem }];
  }
  return names.sort(byName).map((name) => {
    const dir = join(root, name);
    return { dir, manifestPath: join(dir, MANIFEST_FILE), source };
  });
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isDirectory;
  } catch {
    return false;
  }
}
