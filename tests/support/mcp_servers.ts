/**
 * The reference MCP servers from npm, installed by `.ci/run` into tests/.mcp_servers
 * (gitignored, pinned versions). A missing install fails the test with the command that
 * installs it: these tests must never pass by not running.
 */

import { join } from "node:path";

const ROOT = join(
  import.meta.dirname!,
  "..",
  ".mcp_servers",
  "node_modules",
  "@modelcontextprotocol",
);

/** The pinned versions `.ci/run` installs. */
export const MCP_SERVER_VERSIONS = {
  everything: "2026.8.31",
  filesystem: "2026.8.31",
} as const;

/** The entry script of an installed reference server; throws when it is not installed. */
export function mcpServerScript(server: keyof typeof MCP_SERVER_VERSIONS): string {
  const script = join(ROOT, `server-${server}`, "dist", "index.js");
  try {
    Deno.statSync(script);
  } catch {
    throw new Error(
      `@modelcontextprotocol/server-${server} is not installed in tests/.mcp_servers; run ` +
        `.ci/run, or: npm install --prefix tests/.mcp_servers ` +
        `@modelcontextprotocol/server-${server}@${MCP_SERVER_VERSIONS[server]}`,
    );
  }
  return script;
}

/** Writes an extension folder whose manifest runs a reference server over stdio with node. */
export async function writeMcpExtension(
  parent: string,
  name: string,
  args: string[],
  extra: Record<string, unknown> = {},
): Promise<string> {
  const dir = join(parent, name);
  await Deno.mkdir(dir, { recursive: true });
  const manifest = { name, protocol: "mcp", exec: "node", args, ...extra };
  await Deno.writeTextFile(join(dir, "extension.json"), JSON.stringify(manifest, null, 2));
  return dir;
}
