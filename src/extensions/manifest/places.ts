/**
 * Where extensions live: the project and global scope folders. Discovery reads them, install
 * writes them, and the sandbox treats write access over them as full access.
 */

import { join, resolve } from "../../paths/mod.ts";
import type { ZotPaths } from "../../config/mod.ts";
import type { ExtensionSource } from "./types.ts";

/** The project-scope extensions folder for a working directory. */
export function projectExtensionsDir(cwd: string): string {
  return join(resolve(cwd), ".zot", "extensions");
}

/** The folder of each scope, in precedence order. */
export function scopeRoots(
  cwd: string,
  paths: ZotPaths,
): { source: ExtensionSource; root: string }[] {
  return [
    { source: "project", root: projectExtensionsDir(cwd) },
    { source: "global", root: resolve(paths.extensions) },
  ];
}
