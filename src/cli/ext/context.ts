/** What every `zot ext` subcommand shares: its context and the scope options. */

import { ZotPaths } from "../../config/mod.ts";
import {
  discoverExtensions,
  type DiscoveryResult,
  type InstallScope,
} from "../../extensions/mod.ts";
import { type Output } from "../output.ts";

/** What every `zot ext` subcommand needs. */
export interface ExtCommandContext {
  output: Output;
  /** cwd and `$ZOT_HOME`, resolved when a subcommand runs (so `--help` needs neither). */
  locations(): { cwd: string; paths: ZotPaths };
}

export const SCOPE_HELP = `
When <name> is installed both in the project (./.zot/extensions) and globally
($ZOT_HOME/extensions), this acts on the project copy, the one zot loads.
Pass --global or --local to pick a copy explicitly.`;

/** Commander's collector for repeatable options. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** The scope the flags chose, if any. */
export function scopeOf(options: { local?: true; global?: true }): InstallScope | undefined {
  if (options.local) return "project";
  if (options.global) return "global";
  return undefined;
}

/** Everything zot would discover here, plus the `--ext` folders given; with its locations. */
export async function discoverHere(
  context: ExtCommandContext,
  explicit: string[] = [],
): Promise<{ cwd: string; paths: ZotPaths; found: DiscoveryResult }> {
  const { cwd, paths } = context.locations();
  const found = await discoverExtensions({ cwd, paths, explicit, noDiscovery: false });
  return { cwd, paths, found };
}
