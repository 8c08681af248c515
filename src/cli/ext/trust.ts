/** `zot ext trust|untrust [name]`: decide which of this project's extensions may start. */

import type { Command } from "../commander.ts";
import type { ZotPaths } from "../../config/mod.ts";
import { ZotError } from "../../errors/mod.ts";
import {
  describeAccess,
  type DiscoveredExtension,
  discoverExtensions,
  type DiscoveryResult,
  isRequired,
  loadRequirements,
  needsTrust,
  trustExtension,
  trustState,
  untrustExtension,
} from "../../extensions/mod.ts";
import type { ExtCommandContext } from "./context.ts";
import { blindSpotWarning } from "../ext_gate.ts";

const TRUST_HELP = `
Extensions in a project's .zot/extensions/ come with the project (a clone, a download), so
zot does not start them until you trust them. Trust is stored in $ZOT_HOME/trust.json and
pinned to a fingerprint of the extension's files: after any edit it shows as "modified" and
needs trust again. Without a name this acts on every extension of this project. Installed
extensions ($ZOT_HOME/extensions) and --ext folders need no trust.`;

async function projectExtensions(
  name: string | undefined,
  cwd: string,
  paths: ZotPaths,
): Promise<DiscoveredExtension[]> {
  const found = await discoverExtensions({ cwd, paths, explicit: [], noDiscovery: false });
  const all = [...found.extensions, ...found.shadowed];
  const project = all.filter(needsTrust);
  if (name === undefined) return project;
  const match = project.filter((ext) => ext.name === name);
  if (match.length > 0) return match;
  const elsewhere = all.find((ext) => ext.name === name);
  throw new ZotError(
    "ext_not_in_project",
    elsewhere
      ? `extension "${name}" is installed (${elsewhere.source}), not part of this project`
      : `this project has no extension named "${name}"`,
    1,
    {
      hint: elsewhere
        ? "installed extensions need no trust: installing them was your consent"
        : "see: zot ext list",
    },
  );
}

/** `zot ext trust [name]`. */
export function addTrust(ext: Command, context: ExtCommandContext): void {
  const { output } = context;
  addTrustCommand(
    ext,
    context,
    "trust",
    "let this project's extensions start (all, or the one named), as they are now",
    async (target, cwd, paths) => {
      const entry = await trustExtension(paths, target);
      const access = await describeAccess(target, { paths, cwd });
      output.out(
        `trusted "${target.name}" (${access}) in ${target.dir}; files ${entry.hash.slice(0, 12)}\n`,
      );
      output.err(blindSpotWarning(target, output));
    },
  );
}

/** `zot ext untrust [name]`. */
export function addUntrust(ext: Command, context: ExtCommandContext): void {
  addTrustCommand(
    ext,
    context,
    "untrust",
    "stop this project's extensions (all, or the one named) from starting",
    async (target, _cwd, paths) => {
      const was = await untrustExtension(paths, target);
      context.output.out(
        was
          ? `"${target.name}" is no longer trusted; it will not start until: zot ext trust ${target.name}\n`
          : `"${target.name}" was not trusted\n`,
      );
    },
  );
}

/** trust and untrust alike: resolve the project's targets, then act on each in turn. */
function addTrustCommand(
  ext: Command,
  { output, locations }: ExtCommandContext,
  verb: "trust" | "untrust",
  description: string,
  act: (target: DiscoveredExtension, cwd: string, paths: ZotPaths) => Promise<void>,
): void {
  ext.command(verb)
    .description(description)
    .argument("[name]", "extension name (as shown by zot ext list)")
    .addHelpText("after", TRUST_HELP)
    .action(async (name: string | undefined) => {
      const { cwd, paths } = locations();
      const targets = await projectExtensions(name, cwd, paths);
      if (targets.length === 0) output.out(`this project has no extensions in .zot/extensions\n`);
      for (const target of targets) await act(target, cwd, paths);
    });
}

/** Trust states and required marks of listed extensions, by folder, for `zot ext list`. */
export async function listMarks(
  found: DiscoveryResult,
  paths: ZotPaths,
): Promise<{ trust: Map<string, string>; required: Set<string> }> {
  const trust = new Map<string, string>();
  const required = new Set<string>();
  const decisions = await loadRequirements(paths);
  for (const ext of [...found.extensions, ...found.shadowed]) {
    if (needsTrust(ext)) trust.set(ext.dir, await trustState(paths, ext));
    if (isRequired(ext.name, ext.manifest.required, decisions)) required.add(ext.dir);
  }
  return { trust, required };
}
