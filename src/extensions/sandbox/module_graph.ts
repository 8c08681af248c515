/**
 * The Deno-only fallback where no OS sandbox exists. Deno loads local modules without
 * consulting `--allow-read` (a `with { type: "text" }` import of `~/.ssh/id_rsa` works under
 * `"permissions": {}`), and its read checks do not follow symlinks; so before launch the
 * extension's local module graph (`deno info --json`) must stay inside the real path of
 * its folder, and its folder must hold no symlink that leads out of it.
 */

import { join } from "../../paths/mod.ts";
import { realPathOrUndefined, within } from "./confine.ts";

interface InfoModule {
  specifier: string;
}

/** The module files of a Deno program outside `extDir` (real paths), or a failure reason. */
export async function modulesOutside(
  deno: string,
  script: string,
  extDir: string,
): Promise<{ outside: string[] } | { reason: string }> {
  const out = await new Deno.Command(deno, {
    args: ["info", "--json", script],
    cwd: extDir,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) {
    const stderr = new TextDecoder().decode(out.stderr).trim().split("\n")[0];
    return { reason: `deno info could not read its module graph (${stderr})` };
  }
  let modules: InfoModule[];
  try {
    modules = (JSON.parse(new TextDecoder().decode(out.stdout)) as { modules: InfoModule[] })
      .modules;
  } catch {
    return { reason: "deno info printed no module graph" };
  }
  // Loaded here, not at the top: node:url starts Deno's Node layer, which only this rare
  // fallback (no OS sandbox) needs.
  const { fileURLToPath } = await import("node:url");
  const realExt = await Deno.realPath(extDir);
  const outside: string[] = [];
  for (const module of modules) {
    if (!module.specifier.startsWith("file:")) continue;
    const path = fileURLToPath(module.specifier);
    const real = (await realPathOrUndefined(path)) ?? path;
    if (!within(realExt, real)) outside.push(real);
  }
  return { outside };
}

/** Symlinks under `dir` whose target leaves the folder's real path (at most `limit` entries walked). */
export async function linksOutside(dir: string, limit = 20_000): Promise<string[]> {
  const realDir = await Deno.realPath(dir);
  const found: string[] = [];
  const queue = [dir];
  let seen = 0;
  while (queue.length && seen < limit) {
    const current = queue.shift()!;
    for await (const entry of Deno.readDir(current)) {
      if (++seen > limit) break;
      const path = join(current, entry.name);
      if (entry.isSymlink) {
        const real = await realPathOrUndefined(path);
        if (real === undefined || !within(realDir, real)) found.push(path);
      } else if (entry.isDirectory) queue.push(path);
    }
  }
  return found;
}
