/** `zot ext require <name> [--off|--reset]`: guards that must run for any tool to run. */

import { Command, Option } from "../commander.ts";
import { UsageError } from "../../errors/mod.ts";
import {
  extensionNameProblem,
  findInstalled,
  loadRequirements,
  setRequirement,
} from "../../extensions/mod.ts";
import type { ExtCommandContext } from "./context.ts";
import { paint } from "../output.ts";

/** `zot ext require <name> [--off] [--reset]`. */
export function addRequire(ext: Command, { output, locations }: ExtCommandContext): void {
  ext.command("require")
    .description("block every tool call while this extension is not running (fail closed)")
    .argument("<name>", "extension name (as shown by zot ext list)")
    .addOption(new Option("--off", "do not require it, even if its manifest says so"))
    .addOption(
      new Option("--reset", 'forget your choice; its manifest\'s "required" decides').conflicts(
        "off",
      ),
    )
    .addHelpText(
      "after",
      `
A required extension (a guard) must be running for any tool call to run: while it is not
(refused, crashed, untrusted, timed out, disabled, not installed) every tool call is blocked
and the model is told which extension and: zot ext logs <name>. An extension may ask for
this in its manifest ("required": true); your choice here, stored in
$ZOT_HOME/required.json, wins over the manifest.`,
    )
    .action(async (name: string, options) => {
      const problem = extensionNameProblem(name);
      if (problem) throw new UsageError(`invalid extension name: ${problem}`);
      const { cwd, paths } = locations();
      const choice = options.reset ? undefined : !options.off;
      await setRequirement(paths, name, choice);
      const found = await findInstalled(name, { cwd, paths }).catch(() => undefined);
      const decided = (await loadRequirements(paths)).get(name);
      const required = decided ?? found?.manifest.required === true;
      output.out(
        required
          ? `"${name}" is required: while it is not running, every tool call is blocked\n`
          : `"${name}" is not required\n`,
      );
      if (required && !found) {
        output.err(
          paint(
            output,
            "yellow",
            `warning: no extension named "${name}" is installed here, so tool calls are blocked ` +
              `until it is (or: zot ext require ${name} --off)`,
          ) + "\n",
        );
      }
    });
}
