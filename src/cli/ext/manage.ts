/** `zot ext remove`, `enable` and `disable`. */

import { Command, Option } from "../commander.ts";
import { removeExtension, removeGrant, setExtensionEnabled } from "../../extensions/mod.ts";
import { type ExtCommandContext, SCOPE_HELP, scopeOf } from "./context.ts";

function localOption() {
  return new Option("--local", "act on the project copy (./.zot/extensions)").conflicts("global");
}

function globalOption() {
  return new Option("--global", "act on the global copy ($ZOT_HOME/extensions)").conflicts("local");
}

/** `zot ext remove|rm <name> [-y] [--local|--global]`. */
export function addRemove(ext: Command, { output, locations }: ExtCommandContext): void {
  ext.command("remove")
    .alias("rm")
    .description("delete an installed extension's folder")
    .argument("<name>", "extension name (as shown by zot ext list)")
    .option("-y, --yes", "accepted for compatibility; remove never asks")
    .addOption(localOption())
    .addOption(globalOption())
    .addHelpText("after", SCOPE_HELP)
    .action(async (name, options) => {
      const { cwd, paths } = locations();
      const removed = await removeExtension(name, { cwd, paths, scope: scopeOf(options) });
      output.out(`removed "${removed.name}" (${removed.source}) from ${removed.dir}\n`);
      // The grant belonged to this install; it goes with it.
      await removeGrant(paths, removed);
    });
}

function addToggle(ext: Command, context: ExtCommandContext, enabled: boolean): void {
  const verb = enabled ? "enable" : "disable";
  ext.command(verb)
    .description(
      enabled ? "re-enable a disabled extension" : "disable an extension without removing it",
    )
    .argument("<name>", "extension name (as shown by zot ext list)")
    .addOption(localOption())
    .addOption(globalOption())
    .addHelpText(
      "after",
      `${SCOPE_HELP}\nThe state is saved as "enabled" in its extension.json; comments stay.`,
    )
    .action(async (name, options) => {
      const result = await setExtensionEnabled(name, enabled, {
        ...context.locations(),
        scope: scopeOf(options),
      });
      const { extension } = result;
      const state = `${verb}d`;
      context.output.out(
        result.changed
          ? `${state} "${extension.name}" (${extension.source}) in ${extension.manifestPath}\n`
          : `"${extension.name}" (${extension.source}) is already ${state}\n`,
      );
    });
}

/** `zot ext enable <name> [--local|--global]`. */
export function addEnable(ext: Command, context: ExtCommandContext): void {
  addToggle(ext, context, true);
}

/** `zot ext disable <name> [--local|--global]`. */
export function addDisable(ext: Command, context: ExtCommandContext): void {
  addToggle(ext, context, false);
}
