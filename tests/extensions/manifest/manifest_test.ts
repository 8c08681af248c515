import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../../support/assert.ts";
import { tempDir } from "../../support/ext_dirs.ts";
import {
  type ManifestResult,
  parseManifest,
  readManifest,
  validateManifest,
} from "../../../src/extensions/mod.ts";

function reason(result: ManifestResult): string {
  assert.ok(!result.ok, `expected an invalid manifest, got ${JSON.stringify(result)}`);
  return result.reason;
}

function reasonOf(value: unknown): string {
  return reason(validateManifest(value));
}

Deno.test("a minimal manifest gets the defaults: no args, enabled", async () => {
  assertEquals(await parseManifest('{"name": "hello", "exec": "./hello"}'), {
    ok: true,
    manifest: { name: "hello", exec: "./hello", args: [], enabled: true },
  });
});

Deno.test("the contract's weather manifest keeps every field", async () => {
  const text = JSON.stringify({
    name: "weather",
    version: "1.0.0",
    exec: "./weather",
    args: ["--mode", "daemon"],
    language: "go",
    description: "current weather for any city",
    enabled: true,
  });
  assertEquals(await parseManifest(text), {
    ok: true,
    manifest: {
      name: "weather",
      version: "1.0.0",
      exec: "./weather",
      args: ["--mode", "daemon"],
      language: "go",
      description: "current weather for any city",
      enabled: true,
    },
  });
});

Deno.test("comments and trailing commas are allowed; unknown fields are ignored", async () => {
  const text = `{
    // the name zot knows it by
    "name": "c", /* block */
    "exec": "./c",
    "args": ["a",],
    "homepage": "https://example.com",
    "enabled": false,
  }`;
  assertEquals(await parseManifest(text), {
    ok: true,
    manifest: { name: "c", exec: "./c", args: ["a"], enabled: false },
  });
});

Deno.test("a syntax error names the file, line and column", async () => {
  const text = '{\n  "name": "x",\n  "exec" "./x"\n}';
  assertEquals(
    reason(await parseManifest(text, "/ext/x/extension.json")),
    "invalid JSON: /ext/x/extension.json:3:10: expected a colon",
  );
  assertIncludes(reason(await parseManifest("")), "expected a value");
});

Deno.test("the manifest must be an object", () => {
  for (const value of [null, [], "x", 3, true]) {
    assertEquals(reasonOf(value), "extension.json must be a JSON object");
  }
});

Deno.test("name is required, a string, and a safe file name", () => {
  assertEquals(reasonOf({ exec: "./x" }), `"name" is required`);
  assertEquals(reasonOf({ name: 3, exec: "./x" }), `"name" must be a string, got number 3`);
  for (const bad of ["../etc", "a b", "", ".hidden", "a/b", "x".repeat(65)]) {
    const text = reasonOf({ name: bad, exec: "./x" });
    assert.ok(text.startsWith(`"name": name ${JSON.stringify(bad)} must be`), text);
  }
});

Deno.test("exec is required and non-empty", () => {
  assertIncludes(reasonOf({ name: "x" }), `"exec" is required`);
  assertEquals(
    reasonOf({ name: "x", exec: "" }),
    `"exec" must be a non-empty string, got string ""`,
  );
  assertEquals(
    reasonOf({ name: "x", exec: ["./x"] }),
    `"exec" must be a non-empty string, got an array`,
  );
});

Deno.test("an exec with a space says to move the arguments to args", () => {
  assertEquals(
    reasonOf({ name: "x", exec: "node main.js --fast" }),
    `"exec" must be a single program path but contains a space; move arguments to "args" ` +
      `(e.g. "exec": "node", "args": ["main.js","--fast"])`,
  );
});

Deno.test("args must be a list of strings", () => {
  assertEquals(
    reasonOf({ name: "x", exec: "./x", args: "--a" }),
    `"args" must be an array of strings, got string "--a"`,
  );
  assertEquals(
    reasonOf({ name: "x", exec: "./x", args: ["ok", 1] }),
    `"args[1]" must be a string, got number 1`,
  );
});

Deno.test("optional fields are type-checked; null means absent", () => {
  assertEquals(
    reasonOf({ name: "x", exec: "./x", version: 1 }),
    `"version" must be a string, got number 1`,
  );
  assertEquals(
    reasonOf({ name: "x", exec: "./x", enabled: "no" }),
    `"enabled" must be true or false, got string "no"`,
  );
  assertEquals(
    reasonOf({ name: "x", exec: "./x", description: {} }),
    `"description" must be a string, got an object`,
  );
  assertEquals(
    validateManifest({ name: "x", exec: "./x", enabled: null, version: null, args: null }),
    { ok: true, manifest: { name: "x", exec: "./x", args: [], enabled: true } },
  );
});

Deno.test("every problem is reported, each naming its field", () => {
  assertEquals(
    reasonOf({ name: "bad name", exec: "", language: 5 }),
    [
      `"name": name "bad name" must be 1-64 letters, digits, ".", "_" or "-", starting with a letter or digit`,
      `"exec" must be a non-empty string, got string ""`,
      `"language" must be a string, got number 5`,
    ].join("; "),
  );
});

Deno.test("runtime may only be deno", () => {
  const ok = validateManifest({ name: "x", exec: "main.ts", runtime: "deno" });
  assertEquals(ok.ok && ok.manifest.runtime, "deno");
  assertEquals(
    reasonOf({ name: "x", exec: "main.ts", runtime: "node" }),
    `"runtime" must be "deno" when set, got string "node"`,
  );
});

Deno.test("permissions become an allow/deny request", () => {
  const result = validateManifest({
    name: "x",
    exec: "main.ts",
    runtime: "deno",
    permissions: {
      read: ["./data"],
      net: ["api.example.com:443"],
      env: true,
      run: false,
      deny: { read: ["./data/secret"], write: true },
    },
  });
  assertEquals(result.ok && result.manifest.permissions, {
    allow: { read: ["./data"], net: ["api.example.com:443"], env: true, run: false },
    deny: { read: ["./data/secret"], write: true },
  });
  const noDeny = validateManifest({ name: "x", exec: "m.ts", permissions: { sys: true } });
  assertEquals(noDeny.ok && noDeny.manifest.permissions, { allow: { sys: true }, deny: {} });
});

Deno.test("bad permissions are refused, not ignored", () => {
  assertEquals(
    reasonOf({ name: "x", exec: "m.ts", permissions: ["read"] }),
    `"permissions" must be an object, got an array`,
  );
  assertEquals(
    reasonOf({ name: "x", exec: "m.ts", permissions: { netw: true } }),
    `"permissions.netw" is not a Deno permission; use read, write, net, env, run, sys, ffi, import or deny`,
  );
  assertEquals(
    reasonOf({ name: "x", exec: "m.ts", permissions: { net: "example.com" } }),
    `"permissions.net" must be true, false or a list of strings, got string "example.com"`,
  );
  assertEquals(
    reasonOf({ name: "x", exec: "m.ts", permissions: { read: ["ok", ""] } }),
    `"permissions.read[1]" must be a non-empty string, got string ""`,
  );
  assertEquals(
    reasonOf({ name: "x", exec: "m.ts", permissions: { deny: true } }),
    `"permissions.deny" must be an object, got boolean true`,
  );
  assertEquals(
    reasonOf({ name: "x", exec: "m.ts", permissions: { deny: { deny: {} } } }),
    `"permissions.deny.deny" is not a Deno permission; use read, write, net, env, run, sys, ffi, import`,
  );
});

Deno.test("readManifest reports a missing or unreadable file as a reason", async () => {
  await using dir = await tempDir();
  assertEquals(await readManifest(join(dir.path, "extension.json")), {
    ok: false,
    reason: "no extension.json",
  });
  await Deno.mkdir(join(dir.path, "extension.json"));
  assertEquals(await readManifest(join(dir.path, "extension.json")), {
    ok: false,
    reason: "extension.json is a folder, not a file",
  });
});

Deno.test("readManifest names the file in a syntax error", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "extension.json");
  await Deno.writeTextFile(path, '{"name": "x",, }');
  assertIncludes(reason(await readManifest(path)), `${path}:1:14:`);
});

Deno.test("timeouts are kept in ms; out of range or unknown keys name the key and cap", () => {
  const base = { name: "slow", exec: "./slow" };
  const ok = validateManifest({ ...base, timeouts: { startup: 60_000, tool: 1_000 } });
  assert.ok(ok.ok);
  assertEquals(ok.manifest.timeouts, { startup: 60_000, tool: 1_000 });
  assertIncludes(
    reasonOf({ ...base, timeouts: { tool: 1_800_001 } }),
    '"timeouts.tool" must be a whole number of milliseconds from 1 to 1800000',
  );
  assertIncludes(reasonOf({ ...base, timeouts: { startup: 0 } }), '"timeouts.startup"');
  assertIncludes(reasonOf({ ...base, timeouts: { forever: 1 } }), '"timeouts.forever" is not');
  assertIncludes(reasonOf({ ...base, timeouts: 5 }), '"timeouts" must be an object');
});

Deno.test("a manifest over 64 KiB is refused without being parsed", async () => {
  await using dir = await tempDir();
  const file = join(dir.path, "extension.json");
  const padding = "x".repeat(70 * 1024);
  await Deno.writeTextFile(file, JSON.stringify({ name: "fat", exec: "./fat", padding }));
  assertIncludes(reason(await readManifest(file)), "over the 65536-byte limit for manifests");
});
