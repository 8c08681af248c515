/**
 * MCP servers share the launch plan of NDJSON extensions: a stdio server gets exactly the
 * spec (program, arguments, sandbox wrapper, environment) an NDJSON extension with the same
 * manifest gets, marked as MCP; a remote one gets no process, its headers filled in.
 */

import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../../support/assert.ts";
import { ZotPaths } from "../../../src/config/mod.ts";
import { planLaunches } from "../../../src/extensions/sandbox/launch.ts";
import type { DiscoveredExtension, Manifest } from "../../../src/extensions/mod.ts";

function ext(dir: string, manifest: Partial<Manifest>): DiscoveredExtension {
  return {
    name: "srv",
    dir,
    manifestPath: join(dir, "extension.json"),
    source: "flag",
    manifest: { name: "srv", exec: "./main.ts", args: ["--stdio"], enabled: true, ...manifest },
  };
}

// Real folders: the OS sandbox binds real paths, so it resolves them while planning.
async function plan(manifest: Partial<Manifest>, env: Record<string, string> = {}) {
  const root = await Deno.realPath(await Deno.makeTempDir());
  try {
    const dir = join(root, "srv");
    await Deno.mkdir(dir);
    await Deno.writeTextFile(join(dir, "main.ts"), "");
    const result = await planLaunches([ext(dir, manifest)], {
      paths: new ZotPaths(join(root, "home")),
      cwd: root,
      // PATH lets the OS sandbox (bwrap) be found where it exists.
      env: { PATH: Deno.env.get("PATH") ?? "", ...env },
      deno: "/bin/deno",
      runGrant: { allow: { read: ["/data"] }, deny: {} },
    });
    // Compare specs across runs without their temp folder.
    return JSON.parse(JSON.stringify(result).replaceAll(root, "<root>")) as typeof result;
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

const restricted = { permissions: { allow: { read: ["/data"] }, deny: {} } };

for (const [label, fields] of [["plain", {}], ["sandboxed", restricted]] as const) {
  Deno.test(`a ${label} MCP stdio server is planned exactly like an NDJSON extension`, async () => {
    const ndjson = await plan(fields);
    // The sandboxed one really is wrapped (in deno run, or the OS sandbox), not run as is.
    if (label === "sandboxed") assert.notEqual(ndjson.specs[0].command, "<root>/srv/main.ts");
    const mcp = await plan({ ...fields, protocol: "mcp" });
    assertEquals(mcp.refused, []);
    assertEquals(mcp.specs, ndjson.specs.map((spec) => ({ ...spec, protocol: "mcp" })));
  });
}

Deno.test("manifest env is filled from ${env:NAME}; an unset name refuses the launch", async () => {
  const ok = await plan({ protocol: "mcp", env: { TOKEN: "t-${env:SECRET}" } }, { SECRET: "s" });
  assertEquals(ok.specs[0].env?.TOKEN, "t-s");
  const missing = await plan({ protocol: "mcp", env: { TOKEN: "${env:SECRET}" } });
  assertEquals(missing.specs, []);
  assertIncludes(missing.refused[0].reason, "${env:SECRET}");
  assertIncludes(missing.refused[0].reason, "which is not set");
});

Deno.test("a remote MCP server has no process; its headers are filled in", async () => {
  const remote = await plan(
    {
      protocol: "mcp",
      exec: "",
      args: [],
      url: "https://x.test/mcp",
      headers: { Authorization: "Bearer ${env:T}" },
    },
    { T: "tok" },
  );
  assertEquals(remote.specs.map((s) => [s.command, s.protocol, s.remote]), [[
    "",
    "mcp",
    { url: "https://x.test/mcp", headers: { Authorization: "Bearer tok" } },
  ]]);
});
