/**
 * The jail (`/jail`, `/unjail`): while locked, file tools refuse any path outside the
 * project and `bash` runs inside bubblewrap with the project writable, the rest of the
 * file system read-only, a private /tmp and no network unless the jail allows it.
 *
 * Unlike the original's substring checks, paths are canonicalised: the nearest existing
 * ancestor is resolved with realpath (symlinks included) and the rest appended, so a
 * symlink in the project that points outside, `..` segments and not-yet-existing files
 * under such a link are all caught. Bash is confined by the kernel, not by reading the
 * command. When bubblewrap is missing, jailed bash refuses to run rather than run free.
 */

import { basename, dirname, join, relative, sep } from "../paths/mod.ts";
import { findBwrap, resolveZotHome } from "../config/mod.ts";
import { filteredBwrap, FilterUnwritable } from "../seccomp/mod.ts";
import { ToolError } from "../errors/mod.ts";
import { resolvePath } from "./files.ts";

/** The session's jail; tools read it from their context. */
export class Jail {
  readonly root: string;
  #locked = false;
  #network = false;

  constructor(root: string) {
    this.root = root;
  }

  /** Whether tools are confined. */
  get locked(): boolean {
    return this.#locked;
  }

  /** Whether jailed bash may use the network. */
  get network(): boolean {
    return this.#network;
  }

  /** Locks the jail; `network` lets jailed bash reach the network. */
  lock(options: { network?: boolean } = {}): void {
    this.#locked = true;
    this.#network = options.network ?? false;
  }

  /** Unlocks the jail. */
  unlock(): void {
    this.#locked = false;
    this.#network = false;
  }

  /** The canonical path, or a ToolError when it lies outside the project. */
  async check(tool: string, absolute: string): Promise<string> {
    const root = await Deno.realPath(this.root);
    const real = await canonical(absolute);
    const rel = relative(root, real);
    if (rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !rel.startsWith(sep))) {
      return real;
    }
    throw new ToolError(
      `tool_${tool}`,
      `${tool}: ${absolute} is outside the project (${root}) and the jail is on; ` +
        `it resolves to ${real}. Work inside the project, or ask the user to run /unjail`,
    );
  }
}

/** realpath of the nearest existing ancestor, with the missing rest appended. */
export async function canonical(path: string): Promise<string> {
  const missing: string[] = [];
  let current = path;
  for (;;) {
    try {
      const real = await Deno.realPath(current);
      return missing.length ? join(real, ...missing.reverse()) : real;
    } catch (err) {
      if (!(err instanceof Deno.errors.NotFound) && !(err instanceof Deno.errors.NotADirectory)) {
        throw err;
      }
      const parent = dirname(current);
      if (parent === current) return path;
      missing.push(basename(current));
      current = parent;
    }
  }
}

/** Resolves a tool path and, when the jail is locked, checks it is inside the project. */
export async function jailedPath(
  tool: string,
  context: { cwd: string; jail?: Jail },
  path: string,
): Promise<string> {
  const absolute = resolvePath(context.cwd, path);
  if (context.jail?.locked) await context.jail.check(tool, absolute);
  return absolute;
}

/**
 * The argv that runs `shell` inside bubblewrap: / read-only, the project (the jail's root)
 * writable but for what git would run later, a fresh /tmp, /run, /dev and /proc, new PID
 * namespace, no capabilities, its own session, no network unless allowed, no Unix socket.
 */
export async function jailedArgv(jail: Jail, cwd: string, shell: string[]): Promise<string[]> {
  if (Deno.build.os !== "linux") {
    throw new ToolError(
      "tool_bash",
      `bash: the jail's OS sandbox (bubblewrap) is only available on Linux; the command was ` +
        `not run. Ask the user to run /unjail to run it without the sandbox`,
    );
  }
  const bwrap = findBwrap(Deno.env.toObject());
  if (!bwrap) {
    throw new ToolError(
      "tool_bash",
      "bash: the jail is on but bubblewrap (bwrap) is not installed, so the command was not " +
        "run; install bubblewrap (apt install bubblewrap) or ask the user to run /unjail",
    );
  }
  const root = await Deno.realPath(jail.root);
  const dir = await canonical(cwd);
  const args = [
    "--ro-bind",
    "/",
    "/",
    "--dev",
    "/dev",
    "--proc",
    "/proc",
    "--tmpfs",
    "/tmp",
    // Daemons listen on Unix sockets under /run (docker, D-Bus, systemd, the user's agents):
    // a read-only mount does not stop a connect, and no network namespace covers them.
    "--tmpfs",
    "/run",
    ...(jail.network ? await resolverUnderRun() : []),
    "--bind",
    root,
    root,
    ...await gitRunsLater(root),
    ...(jail.network ? [] : ["--unshare-net"]),
    "--unshare-pid",
    "--die-with-parent",
    // Run as root, a command would keep its capabilities and could remount / writable.
    "--cap-drop",
    "ALL",
    // Off zot's terminal: no /dev/tty, so no keystrokes injected into the user's shell.
    "--new-session",
    "--chdir",
    dir,
    "--",
    ...shell,
  ];
  const { command, args: wrapped } = await underFilter(bwrap, args);
  return [command, ...wrapped];
}

/**
 * What git runs by itself later, outside the jail: hooks, and the config that names programs
 * (`core.hooksPath`, `core.fsmonitor`, aliases, filters). Shown read-only, so a jailed command
 * can still commit, but cannot leave git something to run at the user's next commit.
 */
async function gitRunsLater(root: string): Promise<string[]> {
  const args: string[] = [];
  for (const path of [join(root, ".git", "hooks"), join(root, ".git", "config")]) {
    try {
      await Deno.lstat(path);
    } catch {
      continue; // not a repository (or a worktree, whose git folder lies outside, read-only)
    }
    args.push("--ro-bind", path, path);
  }
  return args;
}

/**
 * bwrap under the seccomp filter that keeps jailed commands off every Unix socket (see
 * seccomp/filter.ts): the private /run and /tmp hide the usual ones, not those elsewhere nor,
 * with the network allowed, the host's abstract sockets.
 */
async function underFilter(
  bwrap: string,
  args: string[],
): Promise<{ command: string; args: string[] }> {
  try {
    return await filteredBwrap(bwrap, args, resolveZotHome());
  } catch (err) {
    const [dir, why] = err instanceof FilterUnwritable
      ? [err.dir, err.why]
      : ["$ZOT_HOME/sandbox", (err as Error).message];
    throw new ToolError(
      "tool_bash",
      `bash: the jail's seccomp filter could not be written to ${dir} ` +
        `(${why}), so the command was not run; make $ZOT_HOME writable`,
    );
  }
}

// With the network allowed, DNS must still work where /etc/resolv.conf links into /run
// (systemd-resolved): that one file is shown again, read-only.
async function resolverUnderRun(): Promise<string[]> {
  try {
    const target = await Deno.realPath("/etc/resolv.conf");
    return target.startsWith("/run/") ? ["--ro-bind", target, target] : [];
  } catch {
    return [];
  }
}
