/**
 * Where bwrap reads the filter from. `--seccomp` takes a file descriptor and Deno.Command
 * passes none but stdio, so the program is kept in a file under $ZOT_HOME (private to the
 * user, unlike /tmp, where another user could plant a laxer one) and opened by the shell
 * that starts bwrap.
 */

import { join } from "../paths/mod.ts";
import { unixSocketFilter } from "./filter.ts";

const writing = new Map<string, Promise<void>>();

/**
 * The path of this machine's filter in `dir`, (re)written first when missing or not the same
 * bytes, so a file removed or changed while zot runs is mended before the next start;
 * undefined where zot has no filter for this architecture.
 */
export async function filterFile(dir: string): Promise<string | undefined> {
  const bytes = unixSocketFilter();
  if (!bytes) return undefined;
  const path = join(dir, `unix-sockets-${Deno.build.arch}.bpf`);
  if (await holds(path, bytes)) return path;
  // Extensions start in parallel: one write per file at a time in this process.
  let pending = writing.get(path);
  if (!pending) {
    pending = writeFilter(dir, path, bytes).finally(() => writing.delete(path));
    writing.set(path, pending);
  }
  await pending;
  return path;
}

async function writeFilter(dir: string, path: string, bytes: Uint8Array): Promise<void> {
  await Deno.mkdir(dir, { recursive: true });
  // Renamed into place, so another zot starting an extension never reads half a program.
  const staged = `${path}.${Deno.pid}.tmp`;
  await Deno.writeFile(staged, bytes, { mode: 0o644 });
  await Deno.rename(staged, path);
}

async function holds(path: string, bytes: Uint8Array): Promise<boolean> {
  try {
    const found = await Deno.readFile(path);
    return found.length === bytes.length && found.every((b, i) => b === bytes[i]);
  } catch {
    return false;
  }
}
