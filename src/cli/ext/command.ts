/**
 * `zot ext …`: manage installed extensions. Each subcommand is added by its own function
 * taking the `ext` command and an ExtCommandContext, so new ones plug in the same way.
 */

import { Command, Option } from "../commander.ts";
import { resolveZotHome, ZotPaths } from "../../config/mod.ts";
import { type Output, paint } from "../output.ts";
import type { ExtCommandContext } from "./context.ts";
import { addList } from "./list.ts";
import { addInstall } from "./install.ts";
import { addDisable, addEnable, addRemove } from "./manage.ts";
import { addLogs } from "./logs.ts";
import { addPermissions } from "./permissions.ts";
import { addCheck } from "./check.ts";
import { addNew } from "./new.ts";

/** Builds the `ext` subcommand tree. */
export function buildExtCommand(output: Output): Command {
  const ext = new Command("ext")
    .description(
      "manage extensions (list, install, remove, enable, disable, logs, permissions, check, new)",
    )
    .helpOption("-h, --help", "show help")
    // `zot ext` is added with addCommand, which inherits nothing from the root program.
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (s) => output.out(s),
      writeErr: (s) => output.err(s),
      outputError: (s, write) => write(paint(output, "red", s)),
    })
    // runCli reads --debug from the raw arguments; this only keeps commander from refusing it.
    .addOption(new Option("--debug", "show stack traces and causes of errors").hideHelp());
  const context: ExtCommandContext = {
    output,
    locations: () => ({ cwd: Deno.cwd(), paths: new ZotPaths(resolveZotHome()) }),
  };
  for (
    const add of [
      addList,
      addInstall,
      addRemove,
      addEnable,
      addDisable,
      addLogs,
      addPermissions,
      addCheck,
      addNew,
    ]
  ) {
    add(ext, context);
  }
  return ext;
}
