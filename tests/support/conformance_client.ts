/**
 * Drives zot as the client of an @modelcontextprotocol/conformance client scenario:
 * `conformance client --command "deno run -A tests/support/conformance_client.ts"` runs this
 * with the scenario's server URL as the last argument and MCP_CONFORMANCE_SCENARIO set. It
 * installs nothing: it writes a remote MCP manifest for that URL, scripts the model (for
 * `tools_call`, a call of the scenario's add_numbers tool), and runs the real `zot -p`.
 */

import { join } from "node:path";
import { ProviderServer, type ScriptTurn } from "./provider_server.ts";

const REPO = join(import.meta.dirname!, "..", "..");

const TURNS: Record<string, ScriptTurn[]> = {
  initialize: [{ text: "connected" }],
  tools_call: [
    {
      blocks: [{
        type: "tool_use",
        id: "c1",
        name: "mcp__conf__add_numbers",
        input: { a: 2, b: 3 },
      }],
    },
    { text: "5" },
  ],
  "sse-retry": [
    { blocks: [{ type: "tool_use", id: "r1", name: "mcp__conf__test_reconnection", input: {} }] },
    { text: "reconnected" },
  ],
};

async function main(): Promise<number> {
  const url = Deno.args.at(-1);
  const scenario = Deno.env.get("MCP_CONFORMANCE_SCENARIO") ?? "";
  const turns = TURNS[scenario];
  if (!url || !turns) {
    console.error(`conformance_client: no script for scenario ${JSON.stringify(scenario)}`);
    return 2;
  }
  const root = await Deno.makeTempDir({ prefix: "zot-conformance-" });
  await using server = await ProviderServer.start({ turns });
  try {
    const ext = join(root, "conf");
    await Deno.mkdir(ext, { recursive: true });
    await Deno.writeTextFile(
      join(ext, "extension.json"),
      JSON.stringify({ name: "conf", protocol: "mcp", url }),
    );
    const run = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        join(REPO, "main.ts"),
        "--provider",
        "anthropic",
        "--model",
        "claude-sonnet-4-5",
        "--base-url",
        server.url,
        "--ext",
        ext,
        "-p",
        "conformance",
      ],
      env: { ZOT_HOME: join(root, "home"), ANTHROPIC_API_KEY: "test-key", NO_COLOR: "1" },
      stdin: "null",
    }).output();
    await Deno.stdout.write(run.stdout);
    await Deno.stderr.write(run.stderr);
    return run.code;
  } finally {
    await Deno.remove(root, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) Deno.exit(await main());
