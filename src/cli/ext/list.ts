/** `zot ext list`. */

import { Command } from "../commander.ts";
import { listMarks } from "./trust.ts";
import { describeAccess, type DiscoveredExtension } from "../../extensions/mod.ts";
import type { ZotPaths } from "../../config/mod.ts";
import { collect, discoverHere, type ExtCommandContext } from "./context.ts";
import { listRows, renderPlain, renderTable } from "./list_render.ts";

/** `zot ext list [--json] [--ext <path>]`. */
export function addList(ext: Command, context: ExtCommandContext): void {
  const { output } = context;
  ext.command("list")
    .alias("ls")
    .description("list extensions: name, version, source, state, access, description, path")
    .option("--json", "print a JSON array instead of a table")
    .option(
      "-e, --ext <path>",
      "also show the extension in this folder, as --ext loads it",
      collect,
    )
    .action(async (options) => {
      const { cwd, paths, found } = await discoverHere(context, options.ext);
      const access = new Map<string, string>();
      for (const ext of [...found.extensions, ...found.shadowed]) {
        access.set(ext.dir, await accessText(ext, paths, cwd));
      }
      const rows = listRows(found, access, await listMarks(found, paths));
      if (options.json) {
        output.out(JSON.stringify(rows, null, 2) + "\n");
      } else if (rows.length === 0) {
        output.out("no extensions installed; add one with: zot ext install <path|git-url>\n");
      } else {
        output.out(output.isTty ? renderTable(rows, output) : renderPlain(rows));
      }
    });
}

// An MCP server says so first; a remote one runs no process here, so it has no sandbox to
// describe, only where it connects.
async function accessText(ext: DiscoveredExtension, paths: ZotPaths, cwd: string) {
  if (ext.manifest.protocol !== "mcp") return await describeAccess(ext, { paths, cwd });
  if (ext.manifest.url !== undefined) return `mcp, remote ${new URL(ext.manifest.url).host}`;
  return `mcp, ${await describeAccess(ext, { paths, cwd })}`;
}
