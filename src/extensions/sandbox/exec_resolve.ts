/**
 * Turns a manifest's `exec` into the program zot spawns, by shape (as the original host):
 * absolute → as is; `./x`, `../x`, `.`, `..` or anything containing a path separator →
 * relative to the manifest folder; a bare name → looked up on PATH when spawned (so
 * `python3`, `node`, `deno` work). An `exec` with a space is refused: arguments belong
 * in `args`, and guessing how to split a command line is how quoting bugs start.
 *
 * Runtimes that need a wrapper command (e.g. `runtime: "deno"` with permission flags)
 * plug in as a RuntimeLauncher; without one such a manifest is refused clearly.
 */

import { isAbsolute, resolve, sep } from "../../paths/mod.ts";
import { ExtensionError } from "../../errors/mod.ts";
import type { ExtensionSource, LaunchSpec, Manifest } from "../manifest/mod.ts";

/** A program and its arguments. */
export interface ResolvedCommand {
  command: string;
  args: string[];
}

/** Builds the command for a manifest whose runtime needs a wrapper (e.g. `deno run` + flags). */
export type RuntimeLauncher = (
  manifest: Manifest,
  /** The exec resolved by shape (absolute, or a bare name). */
  exec: string,
  /** Absolute extension folder. */
  dir: string,
) => ResolvedCommand;

/** Options of resolveLaunchSpec. */
export interface ResolveOptions {
  /** Wrappers by runtime name. */
  launchers?: Partial<Record<NonNullable<Manifest["runtime"]>, RuntimeLauncher>>;
  /** Extra environment for the child. */
  env?: Record<string, string>;
}

/** Resolves an exec string by shape; throws ExtensionError for an empty exec or one with a space. */
export function resolveExec(name: string, exec: string, manifestDir: string): string {
  if (exec.trim() === "") {
    throw new ExtensionError("ext_bad_exec", name, `extension "${name}" has an empty "exec"`, {
      hint: 'set "exec" to the program to run',
    });
  }
  if (/\s/.test(exec)) {
    const [program, ...rest] = exec.trim().split(/\s+/);
    throw new ExtensionError(
      "ext_bad_exec",
      name,
      `extension "${name}": "exec" ${JSON.stringify(exec)} contains a space`,
      {
        hint: `move arguments to "args", e.g. "exec": ${JSON.stringify(program)}, "args": ${
          JSON.stringify(rest)
        }`,
      },
    );
  }
  if (isAbsolute(exec)) return exec;
  if (exec === "." || exec === ".." || exec.includes("/") || exec.includes(sep)) {
    return resolve(manifestDir, exec);
  }
  return exec;
}

/** Builds the LaunchSpec for a manifest found in `dir`. Throws ExtensionError when it cannot. */
export function resolveLaunchSpec(
  manifest: Manifest,
  dir: string,
  source: ExtensionSource,
  options: ResolveOptions = {},
): LaunchSpec {
  const absDir = resolve(dir);
  const exec = resolveExec(manifest.name, manifest.exec, absDir);
  let command: ResolvedCommand = { command: exec, args: [...manifest.args] };
  if (manifest.runtime !== undefined) {
    const launcher = options.launchers?.[manifest.runtime];
    if (!launcher) {
      throw new ExtensionError(
        "ext_runtime_unsupported",
        manifest.name,
        `extension "${manifest.name}" asks for runtime "${manifest.runtime}", ` +
          `which this zot cannot launch yet`,
        { hint: 'remove "runtime" to run "exec" directly' },
      );
    }
    command = launcher(manifest, exec, absDir);
  }
  const spec: LaunchSpec = {
    name: manifest.name,
    dir: absDir,
    command: command.command,
    args: command.args,
    source,
  };
  if (manifest.version !== undefined) spec.version = manifest.version;
  if (manifest.timeouts !== undefined) spec.timeouts = manifest.timeouts;
  if (options.env) spec.env = { ...options.env };
  return spec;
}
