/**
 * The files in /etc that only their owner (or group) may read: /etc/shadow, private keys,
 * VPN and Wi-Fi secrets. A restricted extension sees /etc as a system folder, and one that
 * runs as root owns these files, so the sandbox hides them from it. Anyone else cannot read
 * them anyway, so the scan (about a thousand entries) only runs for root, once per process.
 */

import type { HiddenPath } from "./confine.ts";

let cached: HiddenPath[] | undefined;

/** The entries of /etc that others may not read, when zot runs as root; else none. */
export function ownerOnlyEtc(): HiddenPath[] {
  cached ??= runsAsRoot() ? ownerOnlyUnder("/etc") : [];
  return cached;
}

/** The entries under `dir` that others may not read (a folder hidden whole, not entered). */
export function ownerOnlyUnder(dir: string): HiddenPath[] {
  const out: HiddenPath[] = [];
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(dir)];
  } catch {
    return out;
  }
  for (const entry of entries) {
    const path = `${dir}/${entry.name}`;
    let info: Deno.FileInfo;
    try {
      info = Deno.lstatSync(path);
    } catch {
      continue;
    }
    const mode = info.mode ?? 0o777;
    if (info.isFile && (mode & 0o004) === 0) out.push({ path, dir: false });
    else if (info.isDirectory) {
      if ((mode & 0o005) !== 0o005) out.push({ path, dir: true });
      else out.push(...ownerOnlyUnder(path));
    }
  }
  return out;
}

// /proc/self belongs to the process's effective user; Deno.uid() would need --allow-sys.
function runsAsRoot(): boolean {
  try {
    return Deno.statSync("/proc/self").uid === 0;
  } catch {
    return false;
  }
}
