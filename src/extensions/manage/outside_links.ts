/**
 * Symlinks that lead out of an extension's folder. An installed extension is its folder: a
 * link such as `sshlink -> ~/.ssh` would hand it files the user never meant to install (and a
 * grant of `$EXT_DIR` would cover them), so install refuses such links instead of copying them.
 */

import { dirname, isAbsolute, join, relative, resolve, sep } from "../../paths/mod.ts";

/** A link that leaves its folder: where it is (relative to the folder) and what it names. */
export interface OutsideLink {
  path: string;
  target: string;
}

/** Every symlink under `dir` whose target resolves outside `dir`; links are never followed. */
export async function linksLeaving(dir: string): Promise<OutsideLink[]> {
  const root = await Deno.realPath(dir);
  const found: OutsideLink[] = [];
  await walk(root, root, found);
  return found;
}

async function walk(root: string, folder: string, found: OutsideLink[]): Promise<void> {
  for await (const entry of Deno.readDir(folder)) {
    const path = join(folder, entry.name);
    if (entry.isDirectory) await walk(root, path, found);
    else if (entry.isSymlink) {
      const text = await Deno.readLink(path);
      const named = isAbsolute(text) ? text : resolve(dirname(path), text);
      // A dangling link is judged by where it points; a live one by where it really ends up.
      const real = await Deno.realPath(named).catch(() => named);
      if (real !== root && !real.startsWith(root + sep)) {
        found.push({ path: relative(root, path), target: text });
      }
    }
  }
}
