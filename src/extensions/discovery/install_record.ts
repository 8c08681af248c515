/**
 * Install ids: each install of an extension gets a fresh random id, kept in
 * `$ZOT_HOME/installs.json` (zot's, outside the extension folder) under the folder's real
 * path. Grants are stored per install id, so a grant belongs to one install: a reinstall,
 * a copy elsewhere or a `--ext` folder that merely shares the name does not inherit it.
 */

import { join } from "../../paths/mod.ts";
import type { ZotPaths } from "../../config/mod.ts";
import { isRecord, readStore, realDir, writeStore } from "./json_store.ts";

/** One install. */
export interface InstallRecord {
  id: string;
  name: string;
  installed: string;
}

interface InstallsFile {
  version: 1;
  /** By the extension folder's real path. */
  installs: Record<string, InstallRecord>;
}

function installsFile(paths: ZotPaths): string {
  return join(paths.home, "installs.json");
}

function isInstallsFile(value: unknown): value is InstallsFile {
  if (!isRecord(value) || value.version !== 1 || !isRecord(value.installs)) return false;
  return Object.values(value.installs).every((r) => isRecord(r) && typeof r.id === "string");
}

async function load(paths: ZotPaths): Promise<InstallsFile> {
  return await readStore(
    installsFile(paths),
    () => ({ version: 1, installs: {} }),
    isInstallsFile,
    "delete it; stored grants then need granting again (zot ext permissions <name>)",
  );
}

/** Records a new install of the folder `dir` and returns its fresh id. */
export async function recordInstall(paths: ZotPaths, dir: string, name: string): Promise<string> {
  const file = await load(paths);
  const id = crypto.randomUUID();
  file.installs[await realDir(dir)] = { id, name, installed: new Date().toISOString() };
  await writeStore(installsFile(paths), file);
  return id;
}

/** The install id of the folder `dir`, if zot knows it. */
export async function installIdOf(paths: ZotPaths, dir: string): Promise<string | undefined> {
  return (await load(paths)).installs[await realDir(dir)]?.id;
}

/**
 * The install id of `dir`, recording one when the folder was put there by hand (a project
 * clone, a manual copy): granting it is what makes it an install zot knows.
 */
export async function ensureInstallId(paths: ZotPaths, dir: string, name: string): Promise<string> {
  return await installIdOf(paths, dir) ?? await recordInstall(paths, dir, name);
}

/** Forgets the install in `dir` (after removal); returns its id, if it had one. */
export async function forgetInstall(paths: ZotPaths, dir: string): Promise<string | undefined> {
  const file = await load(paths);
  const key = await realDir(dir);
  const id = file.installs[key]?.id;
  if (!id) return undefined;
  delete file.installs[key];
  await writeStore(installsFile(paths), file);
  return id;
}
