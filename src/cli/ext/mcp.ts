/**
 * `zot ext add-mcp` and `zot ext import-mcp`: MCP servers become installed extensions
 * (a folder holding only a manifest), through the same staged install as any extension,
 * so name checks, --force, --local and a failed install leaving nothing behind all apply.
 */

import { join } from "../../paths/mod.ts";
import { Command } from "../commander.ts";
import { pathExists } from "../../config/mod.ts";
import { errorMessage, UsageError, ZotError } from "../../errors/mod.ts";
import {
  addMcpManifest,
  claudeDesktopConfig,
  installExtension,
  type InstallResult,
  type McpImport,
  parseMcpServers,
  parsePairs,
  trustExtension,
} from "../../extensions/mod.ts";
import type { ZotPaths } from "../../config/mod.ts";
import { confirm } from "../confirm.ts";
import { paint } from "../output.ts";
import { collect, type ExtCommandContext } from "./context.ts";

/** `zot ext add-mcp <name> [--url <url>] [-e K=V] [-H "N: v"] [--local] -- <command> [args…]`. */
export function addAddMcp(ext: Command, { output, locations }: ExtCommandContext): void {
  ext.command("add-mcp")
    .description("add an MCP server as an extension (stdio: -- <command> [args…], or --url)")
    .argument("<name>", "extension name; its tools become mcp__<name>__<tool>")
    .argument("[command...]", "the server's program and arguments, after --")
    .option("--url <url>", "a remote server's streamable HTTP endpoint instead of a command")
    .option("-e, --env <KEY=VALUE>", "environment for a stdio server (repeatable)", collect)
    .option("-H, --header <Name: value>", "HTTP header for a remote server (repeatable)", collect)
    .option("--local", "install into ./.zot/extensions instead of $ZOT_HOME/extensions")
    .option("--force", "replace an installed extension with the same name")
    .addHelpText(
      "after",
      `
Examples:
  zot ext add-mcp everything -- npx -y @modelcontextprotocol/server-everything
  zot ext add-mcp files -e LOG=debug -- node ./server.js /srv/data
  zot ext add-mcp docs --url https://example.com/mcp -H 'Authorization: Bearer \${env:DOCS_TOKEN}'

Write secrets as \${env:NAME}: zot fills them from its environment when it starts the
server, so the manifest never holds them. A stdio server runs like any extension without
"permissions" (unrestricted); add "permissions" to its extension.json to sandbox it.`,
    )
    .action(async (name, command, options) => {
      const { cwd, paths } = locations();
      if (options.url === undefined && command.length === 0) {
        throw new UsageError("add-mcp needs a command after -- or --url <url>", {
          hint: "zot ext add-mcp <name> -- <command> [args…]",
        });
      }
      if (options.url !== undefined && command.length > 0) {
        throw new UsageError("add-mcp takes either a command or --url, not both");
      }
      let manifest: Record<string, unknown>;
      try {
        manifest = addMcpManifest({
          name,
          command,
          url: options.url,
          env: parsePairs(options.env ?? [], "="),
          headers: parsePairs(options.header ?? [], ":"),
          cwd,
        });
      } catch (err) {
        throw new UsageError(`cannot add MCP server "${name}": ${errorMessage(err)}`);
      }
      const result = await installManifest(manifest, { cwd, paths, ...options });
      output.out(`added MCP server "${result.name}" (${result.scope}) in ${result.dir}\n`);
    });
}

/** `zot ext import-mcp [file] [-y] [--local] [--force]`. */
export function addImportMcp(ext: Command, { output, locations }: ExtCommandContext): void {
  ext.command("import-mcp")
    .description("add the MCP servers of a Claude Code .mcp.json or Claude Desktop config")
    .argument("[file]", "config file (default: ./.mcp.json, else Claude Desktop's config)")
    .option("-y, --yes", "add them without asking")
    .option("--local", "install into ./.zot/extensions instead of $ZOT_HOME/extensions")
    .option("--force", "replace installed extensions with the same names")
    .action(async (file, options) => {
      const { cwd, paths } = locations();
      const source = file ?? await defaultConfig(cwd);
      let text: string;
      try {
        text = await Deno.readTextFile(source);
      } catch (err) {
        throw new ZotError("ext_import_read", `cannot read ${source}: ${errorMessage(err)}`, 1, {
          hint: "pass the config file: zot ext import-mcp <file>",
        });
      }
      let entries: McpImport[];
      try {
        entries = await parseMcpServers(text, source);
      } catch (err) {
        throw new ZotError("ext_import_parse", errorMessage(err), 1, {
          hint: 'expected {"mcpServers": {"<name>": {"command": …} | {"url": …}}}',
        });
      }
      const adds = entries.filter((e): e is Extract<McpImport, { manifest: unknown }> =>
        "manifest" in e
      );
      let text2 = `from ${source}:\n`;
      for (const entry of entries) {
        text2 += "manifest" in entry
          ? `  + ${entry.name}  ${entry.summary}\n` +
            entry.notes.map((n) => `      note: ${n}\n`).join("")
          : paint(output, "yellow", `  - ${entry.name}  skipped: ${entry.skipped}`) + "\n";
      }
      output.err(text2);
      if (!adds.length) {
        output.err("nothing to add\n");
        return;
      }
      const scope = options.local ? "this project" : "all projects";
      const question = `Add ${adds.length} MCP server(s) as extensions for ${scope}? ` +
        "They run unrestricted, with your user permissions.";
      if (!(await confirm(output, question, options.yes))) {
        output.err("nothing added\n");
        return;
      }
      let failed = 0;
      for (const entry of adds) {
        try {
          const result = await installManifest(entry.manifest, { cwd, paths, ...options });
          output.out(`added MCP server "${result.name}" (${result.scope}) in ${result.dir}\n`);
        } catch (err) {
          failed++;
          output.err(
            paint(output, "red", `cannot add "${entry.name}": ${errorMessage(err)}`) + "\n",
          );
        }
      }
      if (failed) {
        throw new ZotError("ext_import_failed", `${failed} MCP server(s) were not added`, 1, {
          hint: "pass --force to replace installed extensions of the same name",
        });
      }
    });
}

async function defaultConfig(cwd: string): Promise<string> {
  const project = join(cwd, ".mcp.json");
  if (await pathExists(project)) return project;
  const desktop = claudeDesktopConfig(Deno.env.toObject());
  if (desktop && await pathExists(desktop)) return desktop;
  throw new ZotError(
    "ext_import_none",
    "no MCP config found: no ./.mcp.json and no Claude Desktop config",
    1,
    {
      hint: "pass the file: zot ext import-mcp <file>",
    },
  );
}

async function installManifest(
  manifest: Record<string, unknown>,
  options: { cwd: string; paths: ZotPaths; local?: true; force?: true },
): Promise<InstallResult> {
  const staging = await Deno.makeTempDir({ prefix: "zot-mcp-" });
  try {
    await Deno.writeTextFile(
      join(staging, "extension.json"),
      JSON.stringify(manifest, null, 2) + "\n",
    );
    const result = await installExtension({
      source: staging,
      cwd: options.cwd,
      paths: options.paths,
      force: options.force,
      local: options.local,
    });
    // Adding a server to the project is consent to run it there, as `zot ext install --local`.
    if (result.scope === "project") {
      await trustExtension(options.paths, {
        name: result.name,
        dir: result.dir,
        source: "project",
      });
    }
    return result;
  } finally {
    await Deno.remove(staging, { recursive: true }).catch(() => {});
  }
}
