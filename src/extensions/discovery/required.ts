/**
 * Required extensions: guards that must be running for any tool to run. An extension asks
 * for it in its manifest (`"required": true`); the user decides with `zot ext require <name>`
 * (or `--off`), stored in `$ZOT_HOME/required.json` so no extension edit is needed and no
 * extension can undo it. The user's word beats the manifest's.
 */

import { join } from "../../paths/mod.ts";
import type { ZotPaths } from "../../config/mod.ts";
import type { DiscoveredExtension } from "../manifest/mod.ts";
import { isRecord, readStore, writeStore } from "./json_store.ts";

interface RequiredFile {
  version: 1;
  /** true: required; false: not required even if its manifest says so. */
  extensions: Record<string, boolean>;
}

function requiredFile(paths: ZotPaths): string {
  return join(paths.home, "required.json");
}

function isRequiredFile(value: unknown): value is RequiredFile {
  if (!isRecord(value) || value.version !== 1 || !isRecord(value.extensions)) return false;
  return Object.values(value.extensions).every((v) => typeof v === "boolean");
}

/** The user's decisions, by extension name. */
export async function loadRequirements(paths: ZotPaths): Promise<Map<string, boolean>> {
  const file = await readStore(
    requiredFile(paths),
    () => ({ version: 1, extensions: {} }),
    isRequiredFile,
    "delete it and mark guards again with: zot ext require <name>",
  );
  return new Map(Object.entries(file.extensions));
}

/** Records the user's decision; `undefined` goes back to what the manifest says. */
export async function setRequirement(
  paths: ZotPaths,
  name: string,
  required: boolean | undefined,
): Promise<void> {
  const decisions = await loadRequirements(paths);
  if (required === undefined) decisions.delete(name);
  else decisions.set(name, required);
  await writeStore(requiredFile(paths), {
    version: 1,
    extensions: Object.fromEntries([...decisions].sort(([a], [b]) => (a < b ? -1 : 1))),
  });
}

/** Whether an extension is required, given the user's decisions and its manifest. */
export function isRequired(
  name: string,
  manifestRequired: boolean | undefined,
  decisions: ReadonlyMap<string, boolean>,
): boolean {
  return decisions.get(name) ?? manifestRequired === true;
}

/**
 * The names that must be running for tools to run: found extensions whose manifest or user
 * says so, and every name the user required even when it is not found at all.
 */
export function requiredNames(
  found: readonly DiscoveredExtension[],
  decisions: ReadonlyMap<string, boolean>,
): Set<string> {
  const names = new Set<string>();
  for (const ext of found) {
    if (isRequired(ext.name, ext.manifest.required, decisions)) names.add(ext.name);
  }
  for (const [name, required] of decisions) if (required) names.add(name);
  return names;
}
