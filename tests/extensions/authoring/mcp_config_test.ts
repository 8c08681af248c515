import { addMcpManifest, parseMcpServers } from "../../../src/extensions/mod.ts";
import { assertEquals, assertIncludes, assertRejects } from "../../support/assert.ts";

Deno.test("mcpServers entries become manifests; unusable ones say why they are skipped", async () => {
  const text = `{
    // zot reads these configs as JSONC, so a comment does not stop an import.
    "mcpServers": {
      "fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]},
      "api": {"type": "http", "url": "https://x.test/mcp", "headers": {"A": "\${TOKEN:-none}"}},
      "bad name": {"command": "x"},
      "nothing": {},
      "old": {"type": "sse", "url": "https://x.test/sse"}
    }
  }`;
  const entries = await parseMcpServers(text, "/p/.mcp.json");
  assertEquals(entries.map((e) => [e.name, "skipped" in e ? "skipped" : e.summary]), [
    ["fs", "stdio: npx -y @modelcontextprotocol/server-filesystem /tmp"],
    ["api", "remote https://x.test/mcp"],
    ["bad name", "skipped"],
    ["nothing", "skipped"],
    ["old", "skipped"],
  ]);
  const api = entries[1];
  assertEquals("manifest" in api && api.manifest.headers, { A: "${env:TOKEN}" });
  assertEquals("notes" in api && api.notes, [
    "the default in ${TOKEN:-none} is dropped: set TOKEN",
  ]);
});

Deno.test("a config without mcpServers or with bad JSON names the file", async () => {
  const none = await assertRejects(() => parseMcpServers("{}", "/c.json"), Error);
  assertIncludes(none.message, `/c.json has no "mcpServers"`);
  const bad = await assertRejects(() => parseMcpServers("{", "/c.json"), Error);
  assertIncludes(bad.message, "invalid JSON");
});

Deno.test("add-mcp: a relative program path is made absolute from where it was typed", () => {
  assertEquals(addMcpManifest({ name: "a", command: ["./s.sh", "x"], cwd: "/w" }).exec, "/w/s.sh");
  assertEquals(addMcpManifest({ name: "a", command: ["npx", "x"], cwd: "/w" }).exec, "npx");
});
