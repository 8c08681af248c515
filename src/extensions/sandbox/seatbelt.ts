/**
 * A macOS Seatbelt profile (for `sandbox-exec -p`) from a Confinement: deny by default,
 * read the system, read its own folder and grants, write its data folder and write
 * grants, network only when granted and then no Unix socket but the resolver's. Later rules
 * win in SBPL, so denies come last.
 * Pure text: tested by its content, since sandbox-exec only runs on macOS.
 */

import type { Confinement } from "./confine.ts";

/** System locations a macOS program needs to start (dyld cache, frameworks, /etc, devices). */
export const MACOS_SYSTEM_PATHS = [
  "/usr",
  "/bin",
  "/sbin",
  "/System",
  "/Library",
  "/private/etc",
  "/private/var/db/timezone",
  "/dev",
  "/opt/homebrew",
];

/** The socket macOS resolves host names through. */
const MDNS = "/private/var/run/mDNSResponder";

/** Quotes a path as an SBPL string literal. */
export function sbplString(value: string): string {
  return `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

function subpaths(paths: string[]): string {
  return paths.map((p) => `(subpath ${sbplString(p)})`).join(" ");
}

/** The profile text for one extension. */
export function seatbeltProfile(c: Confinement): string {
  const lines = [
    "(version 1)",
    "(deny default)",
    "(allow process-exec process-fork)",
    "(allow signal (target same-sandbox))",
    "(allow sysctl-read)",
    "(allow mach-lookup)",
    "(allow ipc-posix-shm)",
    "(allow file-read-metadata)",
    `(allow file-read* (literal "/") ${subpaths(MACOS_SYSTEM_PATHS)})`,
    '(allow file-write* (literal "/dev/null") (subpath "/dev/fd"))',
  ];
  if (c.readAll) lines.push("(allow file-read*)");
  else if (c.read.length) lines.push(`(allow file-read* ${subpaths(c.read)})`);
  if (c.writeAll) lines.push("(allow file-read* file-write*)");
  else if (c.write.length) lines.push(`(allow file-read* file-write* ${subpaths(c.write)})`);
  if (c.net) {
    lines.push("(allow network-outbound)", "(allow system-socket)");
    // No Unix socket, as under bwrap's seccomp filter, but mDNSResponder's: macOS resolves
    // host names through it. Later rules win, so the allow follows the deny.
    lines.push(
      "(deny network-outbound (remote unix-socket))",
      `(allow network-outbound (remote unix-socket (path-literal ${sbplString(MDNS)})))`,
    );
  }
  if (c.hide.length) lines.push(`(deny file-read* ${subpaths(c.hide.map((h) => h.path))})`);
  if (c.protect.length) lines.push(`(deny file-write* ${subpaths(c.protect)})`);
  return lines.join("\n") + "\n";
}

/** sandbox-exec's arguments (before the program) for a restricted extension. */
export function seatbeltArgs(c: Confinement): string[] {
  return ["-p", seatbeltProfile(c)];
}
