/**
 * Signalling an extension's whole process group. Extensions are spawned with
 * `detached: true`, so each is the leader of its own group (pgid == pid) and every
 * child it forks is in that group unless it leaves on purpose. Killing `-pid` reaches
 * them all, so no grandchild (`sleep 1000 &`) outlives zot.
 */

import { sleep } from "../../timing/mod.ts";

const isWindows = Deno.build.os === "windows";

/** Sends a signal to every process in a group; false when the group no longer exists. */
export function signalGroup(pgid: number, signal: Deno.Signal): boolean {
  if (isWindows) return false;
  try {
    Deno.kill(-pgid, signal);
    return true;
  } catch {
    // NotFound (ESRCH): the group is empty. Anything else: nothing more we can do.
    return false;
  }
}

/**
 * Whether a group still has a live (non-zombie) member. The probe is SIGCONT, not signal 0:
 * `Deno.kill` has no signal 0 (node:process has, but starts Deno's Node layer), and SIGCONT
 * is the one signal a sweep wants anyway, since a stopped stray acts on the SIGTERM that
 * follows only once continued. The probe alone is not enough: orphans the leader left
 * behind are reaped by init, and an init that reaps slowly leaves zombies that still count
 * as group members. On Linux /proc tells the two apart; elsewhere a member counts as live.
 */
export function groupAlive(pgid: number): boolean {
  if (isWindows) return false;
  try {
    Deno.kill(-pgid, "SIGCONT");
  } catch (err) {
    // NotFound (ESRCH): no member at all. PermissionDenied (EPERM): one we may not signal.
    return err instanceof Deno.errors.PermissionDenied;
  }
  if (Deno.build.os !== "linux") return true;
  // Read synchronously: /proc is in memory, and a scan is hundreds of tiny reads, which as
  // async ops cost far more in hand-offs than the reads themselves (tens of ms at shutdown).
  try {
    for (const entry of Deno.readDirSync("/proc")) {
      if (!/^\d+$/.test(entry.name)) continue;
      let stat: string;
      try {
        stat = Deno.readTextFileSync(`/proc/${entry.name}/stat`);
      } catch {
        continue; // exited while we looked
      }
      // "pid (comm) state ppid pgrp …"; comm may contain spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pgid && fields[0] !== "Z" && fields[0] !== "X") return true;
    }
    return false;
  } catch {
    return true;
  }
}

/**
 * Makes sure nothing is left in a group whose leader has exited: SIGTERM, up to
 * `graceMs` for the strays to go, then SIGKILL. Returns how it ended.
 */
export async function sweepGroup(
  pgid: number,
  graceMs: number,
): Promise<"empty" | "terminated" | "killed"> {
  if (!groupAlive(pgid)) return "empty";
  signalGroup(pgid, "SIGTERM");
  const until = Date.now() + graceMs;
  while (Date.now() < until) {
    await sleep(Math.min(25, until - Date.now()));
    if (!groupAlive(pgid)) return "terminated";
  }
  signalGroup(pgid, "SIGKILL");
  return "killed";
}
