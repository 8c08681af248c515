/**
 * Where bwrap reads the filter from. `--seccomp` takes a file descriptor and Deno.Command
 * passes none but stdio, so the program is kept in a file under $ZOT_HOME (private to the
 * user, unlike /tmp, where another user could plant a laxer one) and opened by the shell
 * that starts bwrap.
 */

import { join } from "../paths/mod.ts";
import { unixSocketFilter } from "./filter.ts";

const written = new Map<string, Promise<string | undefined>>();

/**
 * The path of this machine's filter in `dir`, written there first when missing or not the
 * same bytes; undefined where zot has no filter for this architecture. Once per process.
 */
export function filterFile(dir: string): Promise<string | undefined> {
  let file = written.get(dir);
  if (!file) {
    file = writeFilter(dir);
    written.set(dir, file);
    // A failure is reported to this caller, and the next one tries again.
    file.catch(() => written.delete(dir));
  }
  return file;
}

async function writeFilter(dir: string): Promise<string | undefined> {
  const bytes = unixSocketFilter();
  if (!bytes) return undefined;
  const path = join(dir, `unix-sockets-${Deno.build.arch}.bpf`);
  if (await holds(path, bytes)) return path;
  await Deno.mkdir(dir, { recursive: true });
  // Renamed into place, so another zot starting an extension never reads half a program.
  const staged = `${path}.${Deno.pid}.tmp`;
  await Deno.writeFile(staged, bytes, { mode: 0o644 });
  await Deno.rename(staged, path);
  return path;
}

async function holds(path: string, bytes: Uint8Array): Promise<boolean> {
  try {
    const found = await Deno.readFile(path);
    return found.length === bytes.length && found.every((b, i) => b === bytes[i]);
  } catch {
    return false;
  }
}
