/**
 * `zot doctor`'s OS-sandbox line. On Linux finding bwrap is not enough: where unprivileged
 * user namespaces are off (a sysctl, Ubuntu's AppArmor rule, many containers) it is installed
 * but cannot start, and a kernel without seccomp filters cannot load the filter that keeps
 * restricted extensions off Unix sockets. So the check starts bwrap once, confined as a
 * restricted extension is, under that filter.
 */

import { findBwrap, resolveZotHome, which } from "../config/mod.ts";
import { errorMessage } from "../errors/mod.ts";
import { filteredBwrap } from "../seccomp/mod.ts";
import type { DoctorContext, DoctorItem } from "./types.ts";

const NAME = "OS sandbox";
const WHY = "extensions with permissions (any language) run confined in it, and every " +
  "extension in a PID namespace of its own, so nothing it starts outlives zot";

/** The OS-sandbox line of the report. */
export async function checkSandbox(context: DoctorContext): Promise<DoctorItem> {
  if (context.os === "linux") return await checkBwrap(context);
  if (context.os === "darwin") {
    const tool = which("sandbox-exec", context.env.PATH ?? "", context.os) ??
      which("sandbox-exec", "/usr/bin", context.os);
    return tool ? { name: NAME, status: "ok", detail: `sandbox-exec at ${tool}; ${WHY}` } : {
      name: NAME,
      status: "warn",
      detail: "sandbox-exec not found",
      fix: "it ships with macOS",
    };
  }
  return {
    name: NAME,
    status: "warn",
    detail: `no sandbox tool zot knows on ${context.os}; Deno-sandboxed extensions still work`,
    fix: "run untrusted extensions only as runtime: deno, or inside a container or VM",
  };
}

async function checkBwrap(context: DoctorContext): Promise<DoctorItem> {
  const bwrap = findBwrap(context.env, context.os);
  if (!bwrap) {
    return {
      name: NAME,
      status: "warn",
      detail: "bwrap (bubblewrap) not found: extensions with permissions are refused, and a " +
        "process an extension leaves behind is only swept by process group",
      fix: "apt install bubblewrap (or dnf/pacman install bubblewrap)",
    };
  }
  const failure = await tryBwrap(bwrap, context);
  if (failure === undefined) {
    return {
      name: NAME,
      status: "ok",
      detail: `bwrap at ${bwrap}, with the seccomp filter (no Unix sockets); ${WHY}`,
    };
  }
  return {
    name: NAME,
    status: "fail",
    detail: `bwrap at ${bwrap} cannot start a sandbox here (${failure}): extensions with ` +
      "permissions will not start",
    fix: "bwrap needs unprivileged user namespaces: allow them (sysctl " +
      "kernel.unprivileged_userns_clone=1; on Ubuntu 24.04 and later, an AppArmor profile for " +
      "bwrap), or run zot where they are allowed",
  };
}

/** Starts `true` in bwrap as a restricted extension starts; why it failed, if it did. */
async function tryBwrap(bwrap: string, context: DoctorContext): Promise<string | undefined> {
  const sandbox = ["--unshare-all", "--die-with-parent", "--cap-drop", "ALL", "--ro-bind", "/"];
  sandbox.push("/", "--proc", "/proc", "--dev", "/dev", "--", "true");
  try {
    const home = resolveZotHome({ os: context.os, get: (key) => context.env[key] });
    const { command, args } = await filteredBwrap(bwrap, sandbox, home);
    const out = await new Deno.Command(command, { args, stdin: "null", stdout: "null" }).output();
    if (out.success) return undefined;
    return new TextDecoder().decode(out.stderr).trim().split("\n")[0] || `exit ${out.code}`;
  } catch (err) {
    return errorMessage(err);
  }
}
