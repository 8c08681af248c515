/**
 * zot's OS sandbox holds for MCP servers: @modelcontextprotocol/server-filesystem from npm,
 * told it may serve `/`, still sees only the folder zot's grant allows. The secret lives
 * outside that folder; the model asks for it and never gets it.
 */

import { dirname, join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { mcpServerScript, writeMcpExtension } from "../support/mcp_servers.ts";
import { World } from "./support.ts";

type Body = { messages: { content: unknown }[] };

Deno.test("server-filesystem given / cannot read outside the one folder zot's sandbox grants", async () => {
  await using world = await World.create();
  // Real paths: the sandbox binds what a path really is, and the server is told the same.
  const root = await Deno.realPath(world.root);
  const allowed = join(root, "allowed");
  await Deno.mkdir(allowed);
  await Deno.writeTextFile(join(allowed, "ok.txt"), "visible text");
  const secret = join(root, "secret.txt");
  await Deno.writeTextFile(secret, "TOP-SECRET-7391");
  world.server.push(
    {
      blocks: [
        {
          type: "tool_use",
          id: "r1",
          name: "mcp__files__read_text_file",
          input: { path: join(allowed, "ok.txt") },
        },
        { type: "tool_use", id: "r2", name: "mcp__files__read_text_file", input: { path: secret } },
      ],
    },
    { text: "done" },
  );
  const script = await Deno.realPath(mcpServerScript("filesystem"));
  // The server's own package (its code and node_modules) must be readable too.
  const packages = dirname(dirname(dirname(dirname(script))));
  const ext = await writeMcpExtension(world.root, "files", [script, "/"], {
    permissions: { read: [allowed, packages] },
  });
  const result = await world.run([
    "--ext",
    ext,
    `--allow-read=${allowed},${packages}`,
    "-p",
    "read both",
  ]);
  assertEquals(result.code, 0, result.stderr);
  const bodies = world.server.bodies() as Body[];
  assertEquals(bodies.length, 2, result.stderr);
  const sent = JSON.stringify(bodies[1].messages.at(-1));
  assertIncludes(sent, "visible text");
  assert.ok(!sent.includes("TOP-SECRET-7391"), `the secret leaked: ${sent}`);
  assertIncludes(sent, '"is_error":true');
});
