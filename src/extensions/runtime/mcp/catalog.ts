/**
 * One MCP server's tools and prompts as zot tools and commands: listed (all pages),
 * named with the `mcp__<extension>__` prefix, schemas checked like any extension tool's,
 * and re-listed when the server says its list changed. Every skipped item is logged.
 */

import { checkToolSchema, type JsonSchema } from "../../../schema/mod.ts";
import type { ExtensionLog } from "../log.ts";
import { isUsableToolName, usableCommandName } from "../registrations.ts";
import type { CommandEntry, ToolEntry } from "../registry.ts";
import { mcpName, type PromptArgument, usage } from "./names.ts";
import type { Client, Prompt, Tool } from "./sdk.ts";

/** A zot tool backed by an MCP tool. */
export interface McpToolEntry extends ToolEntry {
  /** The server's own name for it. */
  mcpName: string;
}

/** A zot command backed by an MCP prompt. */
export interface McpPromptEntry extends CommandEntry {
  mcpName: string;
  arguments: PromptArgument[];
}

/** Lists every tool of the server (following cursors). */
export async function listTools(client: Client, timeout: number): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : {}, { timeout });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}

/** Lists every prompt of the server (following cursors). */
export async function listPrompts(client: Client, timeout: number): Promise<Prompt[]> {
  const prompts: Prompt[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listPrompts(cursor ? { cursor } : {}, { timeout });
    prompts.push(...page.prompts);
    cursor = page.nextCursor;
  } while (cursor);
  return prompts;
}

/** The usable zot tools among a server's tools; each skipped one is logged with why. */
export function toolEntries(extension: string, tools: Tool[], log: ExtensionLog): McpToolEntry[] {
  const out: McpToolEntry[] = [];
  const taken = new Set<string>();
  for (const tool of tools) {
    const name = mcpName(extension, tool.name);
    if (!isUsableToolName(name)) {
      log.diagnostic(
        `tool ${JSON.stringify(tool.name)}: zot name ${name} is over 64 characters; skipped`,
      );
      continue;
    }
    if (taken.has(name)) {
      log.diagnostic(`tool ${JSON.stringify(tool.name)}: ${name} is already taken; skipped`);
      continue;
    }
    const schema = toolSchema(tool);
    const problems = checkToolSchema(schema);
    if (problems.length) {
      log.diagnostic(
        `tool ${JSON.stringify(tool.name)}: invalid schema (${problems.join("; ")}); skipped`,
      );
      continue;
    }
    taken.add(name);
    out.push({
      name,
      description: tool.description ?? tool.title ?? "",
      schema,
      mcpName: tool.name,
    });
  }
  return out;
}

/** The usable zot commands among a server's prompts. */
export function promptEntries(
  extension: string,
  prompts: Prompt[],
  log: ExtensionLog,
): McpPromptEntry[] {
  const out: McpPromptEntry[] = [];
  for (const prompt of prompts) {
    const name = usableCommandName(mcpName(extension, prompt.name));
    if (name === undefined) {
      log.diagnostic(`prompt ${JSON.stringify(prompt.name)}: no usable command name; skipped`);
      continue;
    }
    const args = (prompt.arguments ?? []).map((a) => ({ name: a.name, required: a.required }));
    const hint = args.length ? ` (${usage(args)})` : "";
    out.push({
      name,
      description: `${prompt.description ?? prompt.title ?? "MCP prompt"}${hint}`,
      mcpName: prompt.name,
      arguments: args,
    });
  }
  return out;
}

// MCP schemas name their dialect (often draft 2020-12); zot's check and the providers use
// the schema's keywords, so the `$schema` line is dropped rather than refused.
function toolSchema(tool: Tool): JsonSchema {
  const { $schema: _dialect, ...rest } = tool.inputSchema as Record<string, unknown>;
  return rest as JsonSchema;
}
