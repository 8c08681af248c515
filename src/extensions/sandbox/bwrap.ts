/**
 * bubblewrap argv for an extension. A restricted extension starts from an empty root:
 * the system directories read-only, a private /tmp, /proc and /dev of its own, then
 * exactly the paths of its Confinement; no network unless granted; no capabilities;
 * its own PID namespace, torn down with it. An unrestricted one keeps the whole file
 * system and network and only gets the PID namespace, so nothing it forks outlives it.
 */

import type { Confinement, HiddenPath } from "./confine.ts";

/** A system path to show read-only: a folder to bind, or a symlink to recreate (`/lib -> usr/lib`). */
export interface SystemEntry {
  path: string;
  /** The link target when the path is a symlink (merged-/usr systems). */
  symlink?: string;
}

/** The system locations a program needs to run (libraries, interpreters, /etc). */
export const SYSTEM_PATHS = [
  "/usr",
  "/bin",
  "/sbin",
  "/lib",
  "/lib32",
  "/lib64",
  "/libx32",
  "/etc",
];

/** Looks the system paths up on this machine: which exist, and which are symlinks. */
export function systemEntries(paths: string[] = SYSTEM_PATHS): SystemEntry[] {
  const out: SystemEntry[] = [];
  for (const path of paths) {
    try {
      const info = Deno.lstatSync(path);
      out.push(info.isSymlink ? { path, symlink: Deno.readLinkSync(path) } : { path });
    } catch {
      // not on this system
    }
  }
  return out;
}

/** The arguments that give an unrestricted extension its own PID namespace and nothing else. */
export function namespaceOnlyArgs(): string[] {
  return ["--dev-bind", "/", "/", "--unshare-pid", "--die-with-parent", "--proc", "/proc", "--"];
}

function depth(path: string): number {
  return path.split("/").filter(Boolean).length;
}

/**
 * bwrap's arguments (up to and including `--`) for a restricted extension. `secrets`: what
 * the system folders hold that only its owner may read (see owner_only.ts), hidden unless
 * a grant shows it again.
 */
export function bwrapArgs(
  c: Confinement,
  system: SystemEntry[],
  secrets: HiddenPath[] = [],
): string[] {
  const args = ["--unshare-all", "--die-with-parent", "--cap-drop", "ALL"];
  if (c.net) args.push("--share-net");
  if (c.writeAll) args.push("--bind", "/", "/");
  else if (c.readAll) args.push("--ro-bind", "/", "/");
  else {
    for (const entry of system) {
      if (entry.symlink !== undefined) args.push("--symlink", entry.symlink, entry.path);
      else args.push("--ro-bind", entry.path, entry.path);
    }
    hide(args, secrets);
  }
  args.push("--proc", "/proc", "--dev", "/dev");
  // A private /tmp, and with everything readable a private /run too: daemons listen on Unix
  // sockets there (docker, D-Bus, tmux, X11, agents), and a read-only mount does not stop a
  // connect. Only a grant to write everything keeps the real ones. Grants below are bound
  // on top, so a path granted under either is still seen.
  if (!c.writeAll) args.push("--tmpfs", "/tmp");
  if (c.readAll && !c.writeAll) args.push("--tmpfs", "/run");
  const writable = new Set(c.write);
  const mounts = [
    ...c.read.filter((p) => !writable.has(p)).map((path) => ({ path, rw: false })),
    ...c.write.map((path) => ({ path, rw: true })),
  ].sort((a, b) => depth(a.path) - depth(b.path));
  // Shallow first, so a folder bound inside another stays visible on top of it.
  for (const m of mounts) args.push(m.rw ? "--bind" : "--ro-bind", m.path, m.path);
  hide(args, c.hide);
  for (const path of c.protect) args.push("--ro-bind", path, path);
  args.push("--chdir", c.cwd, "--");
  return args;
}

function hide(args: string[], paths: HiddenPath[]): void {
  for (const hidden of paths) {
    if (hidden.dir) args.push("--tmpfs", hidden.path);
    else args.push("--ro-bind", "/dev/null", hidden.path);
  }
}
