/**
 * Extension names become file names (logs, data folders, grants), so a name from a
 * manifest is validated before it touches the file system and can never escape its folder.
 */

import { join } from "../../paths/mod.ts";
import type { ZotPaths } from "../../config/mod.ts";

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Returns why a name is unusable as an extension name, or undefined when it is fine. */
export function extensionNameProblem(name: string): string | undefined {
  if (!NAME_PATTERN.test(name) || name.includes("..")) {
    return `name ${JSON.stringify(name)} must be 1-64 letters, digits, ".", "_" or "-", ` +
      `starting with a letter or digit`;
  }
  return undefined;
}

function checked(name: string): string {
  const problem = extensionNameProblem(name);
  if (problem) throw new TypeError(`unsafe extension name: ${problem}`);
  return name;
}

/** `$ZOT_HOME/logs/ext-<name>.log`; throws on a name that fails validation. */
export function extensionLogFile(paths: ZotPaths, name: string): string {
  return join(paths.logs, `ext-${checked(name)}.log`);
}

/** `$ZOT_HOME/ext-data/<name>`: the extension's own writable folder. */
export function extensionDataDir(paths: ZotPaths, name: string): string {
  return join(paths.extensionData, checked(name));
}
