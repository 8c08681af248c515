import { expandEnvRefs, validateManifest } from "../../../src/extensions/manifest/mod.ts";
import { assert, assertEquals } from "../../support/assert.ts";

function problems(value: Record<string, unknown>): string {
  const result = validateManifest(value);
  assert.ok(!result.ok, "refused");
  return result.ok ? "" : result.reason;
}

Deno.test("an MCP manifest: stdio keeps exec/args/env; remote has url/headers and no exec", () => {
  const stdio = validateManifest({
    name: "a",
    protocol: "mcp",
    exec: "node",
    args: ["s.js"],
    env: { K: "${env:K}" },
  });
  assert.ok(stdio.ok);
  assertEquals(stdio.ok && [stdio.manifest.protocol, stdio.manifest.env], ["mcp", {
    K: "${env:K}",
  }]);
  const remote = validateManifest({
    name: "b",
    protocol: "mcp",
    url: "https://x.test/mcp",
    headers: { Authorization: "Bearer ${env:T}" },
  });
  assert.ok(remote.ok);
  assertEquals(remote.ok && [remote.manifest.exec, remote.manifest.url], [
    "",
    "https://x.test/mcp",
  ]);
});

Deno.test("bad MCP fields are refused, each naming its field", () => {
  assert.ok(problems({ name: "a", protocol: "grpc", exec: "x" }).includes(`"protocol" must be`));
  assert.ok(problems({ name: "a", url: "https://x.test" }).includes(`add "protocol": "mcp"`));
  assert.ok(
    problems({ name: "a", protocol: "mcp", url: "file:///etc/passwd" }).includes(
      "http:// or https://",
    ),
  );
  assert.ok(
    problems({ name: "a", protocol: "mcp", url: "https://x.test", exec: "x" }).includes("not both"),
  );
  assert.ok(
    problems({ name: "a", protocol: "mcp", exec: "x", headers: { A: "b" } }).includes(
      `"headers" only apply with "url"`,
    ),
  );
  assert.ok(
    problems({ name: "a", protocol: "mcp", url: "https://x.test", headers: { "A B": "c" } })
      .includes("unusable name"),
  );
  assert.ok(problems({ name: "a", exec: "x", env: { K: 1 } }).includes(`"env.K" must be a string`));
  assert.ok(problems({ name: "a", protocol: "mcp" }).includes(`"exec" is required`));
});

Deno.test("${env:NAME} is filled from the environment; unset names are all reported", () => {
  assertEquals(
    expandEnvRefs({ A: "Bearer ${env:T}", B: "${env:X}-${env:Y}", C: "${HOME}" }, { T: "t" }),
    {
      values: { A: "Bearer t", B: "-", C: "${HOME}" },
      missing: ["X", "Y"],
    },
  );
});
