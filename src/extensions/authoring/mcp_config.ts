/**
 * MCP server configuration from elsewhere, as zot manifests: the `mcpServers` map of
 * Claude Code's `.mcp.json` and Claude Desktop's `claude_desktop_config.json` (stdio
 * entries with `command`/`args`/`env`, remote ones with `type`/`url`/`headers`), and the
 * arguments of `zot ext add-mcp`. Their `${VAR}` references become zot's `${env:VAR}`.
 */

import { isAbsolute, join, resolve } from "../../paths/mod.ts";
import { describeJsoncProblem, tryParseJsonc } from "../../jsonc/mod.ts";
import { extensionNameProblem, validateManifest } from "../manifest/mod.ts";

/** One server to add: the manifest to write, or why it is skipped. */
export type McpImport =
  | { name: string; manifest: Record<string, unknown>; summary: string; notes: string[] }
  | { name: string; skipped: string };

/** What add-mcp was given. */
export interface AddMcpInput {
  name: string;
  /** stdio: the program and its arguments. */
  command?: string[];
  url?: string;
  env?: Record<string, string>;
  headers?: Record<string, string>;
  /** Base for a relative program path. */
  cwd: string;
}

type Fields = Record<string, unknown>;

/** The manifest `zot ext add-mcp` writes; throws a message string's Error when unusable. */
export function addMcpManifest(input: AddMcpInput): Record<string, unknown> {
  const manifest: Record<string, unknown> = {
    name: input.name,
    protocol: "mcp",
    description: "MCP server added with zot ext add-mcp",
  };
  if (input.url !== undefined) {
    manifest.url = input.url;
    if (input.headers && Object.keys(input.headers).length) manifest.headers = input.headers;
  } else {
    const [program, ...args] = input.command ?? [];
    // A relative path names a file from where the user typed it, not from the manifest folder.
    manifest.exec = program && program.includes("/") && !isAbsolute(program)
      ? resolve(input.cwd, program)
      : program;
    manifest.args = args;
  }
  if (input.env && Object.keys(input.env).length) manifest.env = input.env;
  const checked = validateManifest(manifest);
  if (!checked.ok) throw new Error(checked.reason);
  return manifest;
}

/** Parses `KEY=VALUE` (env) or `Name: value` (header) pairs. */
export function parsePairs(items: readonly string[], separator: "=" | ":"): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    const at = item.indexOf(separator);
    if (at <= 0) {
      throw new Error(
        `${JSON.stringify(item)} is not ${separator === "=" ? "KEY=VALUE" : '"Name: value"'}`,
      );
    }
    out[item.slice(0, at).trim()] = item.slice(at + 1).trim();
  }
  return out;
}

/** Reads the `mcpServers` of a config text; throws Error naming the file on bad JSON. */
export async function parseMcpServers(text: string, file: string): Promise<McpImport[]> {
  const parsed = await tryParseJsonc(text);
  if (!parsed.ok) {
    throw new Error(`invalid JSON: ${describeJsoncProblem(file, parsed.problems[0])}`);
  }
  const servers = (parsed.value as Fields | null)?.mcpServers;
  if (servers === null || typeof servers !== "object" || Array.isArray(servers)) {
    throw new Error(`${file} has no "mcpServers" object`);
  }
  return Object.entries(servers as Fields).map(([name, entry]) => importOne(name, entry, file));
}

/** Where Claude Desktop keeps its config on this OS. */
export function claudeDesktopConfig(env: Record<string, string>): string | undefined {
  const home = env.HOME ?? env.USERPROFILE;
  if (Deno.build.os === "darwin" && home) {
    return join(home, "Library", "Application Support", "Claude", "claude_desktop_config.json");
  }
  if (Deno.build.os === "windows" && env.APPDATA) {
    return join(env.APPDATA, "Claude", "claude_desktop_config.json");
  }
  const config = env.XDG_CONFIG_HOME ?? (home ? join(home, ".config") : undefined);
  return config ? join(config, "Claude", "claude_desktop_config.json") : undefined;
}

function importOne(name: string, entry: unknown, file: string): McpImport {
  const problem = extensionNameProblem(name);
  if (problem) return { name, skipped: problem };
  if (entry === null || typeof entry !== "object" || Array.isArray(entry)) {
    return { name, skipped: "its entry is not an object" };
  }
  const fields = entry as Fields;
  const notes: string[] = [];
  const type = typeof fields.type === "string" ? fields.type : undefined;
  const manifest: Record<string, unknown> = {
    name,
    protocol: "mcp",
    description: `MCP server imported from ${file}`,
  };
  if (type === "sse") {
    return { name, skipped: "SSE transport is not supported (zot speaks streamable HTTP)" };
  }
  if (typeof fields.url === "string") {
    manifest.url = envRefs(fields.url, notes);
    const headers = stringMap(fields.headers, notes);
    if (headers) manifest.headers = headers;
  } else if (typeof fields.command === "string") {
    manifest.exec = fields.command;
    manifest.args = Array.isArray(fields.args) ? fields.args.map((a) => String(a)) : [];
    const env = stringMap(fields.env, notes);
    if (env) manifest.env = env;
  } else {
    return { name, skipped: 'it has neither "command" nor "url"' };
  }
  const checked = validateManifest(manifest);
  if (!checked.ok) return { name, skipped: checked.reason };
  const summary = typeof manifest.url === "string"
    ? `remote ${manifest.url}`
    : `stdio: ${[manifest.exec, ...(manifest.args as string[])].join(" ")}`;
  return { name, manifest, summary, notes };
}

function stringMap(value: unknown, notes: string[]): Record<string, string> | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value as Fields)) {
    out[key] = envRefs(String(item), notes);
  }
  return Object.keys(out).length ? out : undefined;
}

// Claude Code expands ${VAR} and ${VAR:-default}; zot reads ${env:VAR} and has no defaults.
function envRefs(text: string, notes: string[]): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(:-[^}]*)?\}/g, (_, name: string, def) => {
    if (def) notes.push(`the default in \${${name}${def}} is dropped: set ${name}`);
    return `\${env:${name}}`;
  });
}
