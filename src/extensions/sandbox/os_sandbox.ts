/**
 * Which OS sandbox this machine offers: bubblewrap on Linux (probed once, because an
 * installed bwrap can still be unusable, e.g. where user namespaces are disabled),
 * `sandbox-exec` on macOS, nothing elsewhere. The answer decides whether a restricted
 * extension in any language can run, and whether every extension gets a PID namespace.
 */

import { findBwrap } from "../../config/mod.ts";

/** The sandbox mechanism found, or why there is none. */
export type OsSandbox =
  | { kind: "bwrap"; path: string }
  | { kind: "seatbelt"; path: string }
  | { kind: "none"; why: string; install: string };

const SEATBELT = "/usr/bin/sandbox-exec";

/** What to install for an OS sandbox on this platform, in words for a refusal. */
function installHint(os: typeof Deno.build.os): string {
  return os === "linux"
    ? "install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install " +
      "bubblewrap) or set ZOT_BWRAP to a bwrap binary"
    : `zot has no OS sandbox for ${os}; only Deno extensions can be restricted there`;
}

const probes = new Map<string, Promise<string | undefined>>();

/** Runs bwrap once with the namespaces zot uses; the error text when that fails. */
function probeBwrap(path: string): Promise<string | undefined> {
  let probe = probes.get(path);
  if (!probe) {
    probe = runProbe(path);
    probes.set(path, probe);
  }
  return probe;
}

async function runProbe(path: string): Promise<string | undefined> {
  try {
    const out = await new Deno.Command(path, {
      args: [
        "--ro-bind",
        "/",
        "/",
        "--proc",
        "/proc",
        "--unshare-pid",
        "--unshare-net",
        "--die-with-parent",
        "true",
      ],
      stdin: "null",
      stdout: "null",
      stderr: "piped",
    }).output();
    return out.success
      ? undefined
      : new TextDecoder().decode(out.stderr).trim() || `exit ${out.code}`;
  } catch (err) {
    return (err as Error).message;
  }
}

/** Detects the OS sandbox (`ZOT_BWRAP` names a bwrap outside PATH). */
export async function detectOsSandbox(
  env: Record<string, string>,
  os: typeof Deno.build.os = Deno.build.os,
): Promise<OsSandbox> {
  if (os === "darwin") {
    try {
      if (Deno.statSync(SEATBELT).isFile) return { kind: "seatbelt", path: SEATBELT };
    } catch {
      // fall through to none
    }
    return { kind: "none", why: `${SEATBELT} is missing`, install: installHint(os) };
  }
  if (os !== "linux") {
    return { kind: "none", why: `no sandbox for ${os}`, install: installHint(os) };
  }
  const path = findBwrap(env);
  if (!path) return { kind: "none", why: "bwrap is not installed", install: installHint(os) };
  const failure = await probeBwrap(path);
  if (failure) {
    return {
      kind: "none",
      why: `${path} does not work here (${failure})`,
      install: installHint(os),
    };
  }
  return { kind: "bwrap", path };
}
