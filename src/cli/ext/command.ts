/**
 * `zot ext …`: manage installed extensions. Each subcommand is added by its own function
 * taking the `ext` command and an ExtCommandContext, so new ones plug in the same way.
 */

import type { Command } from "../commander.ts";
import { newSubcommand } from "../subcommand.ts";
import { resolveZotHome, ZotPaths } from "../../config/mod.ts";
import type { Output } from "../output.ts";
import type { ExtCommandContext } from "./context.ts";
import { addList } from "./list.ts";
import { addInstall } from "./install.ts";
import { addDisable, addEnable, addRemove } from "./manage.ts";
import { addLogs } from "./logs.ts";
import { addPermissions } from "./permissions.ts";
import { addCheck } from "./check.ts";
import { addNew } from "./new.ts";
import { addTrust, addUntrust } from "./trust.ts";
import { addRequire } from "./require.ts";
import { addStatus } from "./status.ts";
import { addAddMcp, addImportMcp } from "./mcp.ts";

/** Builds the `ext` subcommand tree. */
export function buildExtCommand(output: Output): Command {
  const ext = newSubcommand("ext", output)
    .description(
      "manage extensions (list, status, install, remove, enable, disable, logs, permissions, " +
        "check, new, trust, untrust, require, add-mcp, import-mcp)",
    );
  const context: ExtCommandContext = {
    output,
    locations: () => ({ cwd: Deno.cwd(), paths: new ZotPaths(resolveZotHome()) }),
  };
  for (
    const add of [
      addList,
      addStatus,
      addInstall,
      addRemove,
      addEnable,
      addDisable,
      addLogs,
      addPermissions,
      addCheck,
      addNew,
      addTrust,
      addUntrust,
      addRequire,
      addAddMcp,
      addImportMcp,
    ]
  ) {
    add(ext, context);
  }
  return ext;
}
