import { join } from "node:path";
import { assertEquals, assertRejects } from "../../support/assert.ts";
import { extWorld, writeExtension } from "../../support/ext_dirs.ts";
import { UsageError, ZotError } from "../../../src/errors/mod.ts";
import { discoverExtensions, setExtensionEnabled } from "../../../src/extensions/mod.ts";

const COMMENTED = `{
  // Weather for any city.
  "name": "weather",
  "version": "1.0.0",
  "exec": "./weather",   /* built by make */
  "args": ["--mode", "daemon"],
  "enabled": true, // flip me
  "x-notes": "unknown fields stay too",
}
`;

Deno.test("disable changes only the value; comments, spacing and order survive", async () => {
  await using w = await extWorld();
  const dir = await writeExtension(join(w.global, "weather"), COMMENTED);
  const result = await setExtensionEnabled("weather", false, w);
  assertEquals(result.changed, true);
  assertEquals(result.extension.manifest.enabled, false);
  assertEquals(
    await Deno.readTextFile(join(dir, "extension.json")),
    COMMENTED.replace(`"enabled": true, // flip me`, `"enabled": false, // flip me`),
  );
  await setExtensionEnabled("weather", true, w);
  assertEquals(await Deno.readTextFile(join(dir, "extension.json")), COMMENTED);
});

Deno.test("disable adds the key when missing, in the file's own style", async () => {
  await using w = await extWorld();
  const before = `{
    // four-space indent, no trailing comma
    "name": "clock",
    "exec": "node" // on PATH
}
`;
  const dir = await writeExtension(join(w.global, "clock"), before);
  await setExtensionEnabled("clock", false, w);
  assertEquals(
    await Deno.readTextFile(join(dir, "extension.json")),
    `{
    // four-space indent, no trailing comma
    "name": "clock",
    "exec": "node", // on PATH
    "enabled": false
}
`,
  );
  const found = await discoverExtensions({ ...w, explicit: [], noDiscovery: false });
  assertEquals(found.extensions[0].manifest.enabled, false);
});

Deno.test("enabling an enabled extension writes nothing", async () => {
  await using w = await extWorld();
  const text = `{"name":"quiet","exec":"./q"}`;
  const dir = await writeExtension(join(w.global, "quiet"), text);
  const before = await Deno.stat(join(dir, "extension.json"));
  const result = await setExtensionEnabled("quiet", true, w);
  assertEquals(result.changed, false);
  assertEquals(await Deno.readTextFile(join(dir, "extension.json")), text);
  assertEquals((await Deno.stat(join(dir, "extension.json"))).ino, before.ino);
});

Deno.test("the manifest keeps its file mode and leaves no temp file", async () => {
  await using w = await extWorld();
  const dir = await writeExtension(join(w.global, "m"), { name: "m", exec: "./m" });
  await Deno.chmod(join(dir, "extension.json"), 0o600);
  await setExtensionEnabled("m", false, w);
  assertEquals((await Deno.stat(join(dir, "extension.json"))).mode! & 0o777, 0o600);
  const names = [];
  for await (const entry of Deno.readDir(dir)) names.push(entry.name);
  assertEquals(names, ["extension.json"]);
});

Deno.test("names are manifest names, whatever the folder is called", async () => {
  await using w = await extWorld();
  const dir = await writeExtension(join(w.global, "some-folder"), { name: "real", exec: "./r" });
  await setExtensionEnabled("real", false, w);
  assertEquals(JSON.parse(await Deno.readTextFile(join(dir, "extension.json"))).enabled, false);
  await assertRejects(() => setExtensionEnabled("some-folder", false, w), ZotError);
});

Deno.test("with both scopes, the project copy is changed unless a scope is given", async () => {
  await using w = await extWorld();
  const project = await writeExtension(join(w.project, "x"), { name: "x", exec: "./x" });
  const global = await writeExtension(join(w.global, "x"), { name: "x", exec: "./x" });
  const read = async (dir: string) =>
    JSON.parse(await Deno.readTextFile(join(dir, "extension.json"))).enabled;

  const first = await setExtensionEnabled("x", false, w);
  assertEquals(first.extension.source, "project");
  assertEquals([await read(project), await read(global)], [false, undefined]);

  const second = await setExtensionEnabled("x", false, { ...w, scope: "global" });
  assertEquals(second.extension.source, "global");
  assertEquals([await read(project), await read(global)], [false, false]);

  await setExtensionEnabled("x", true, { ...w, scope: "project" });
  assertEquals([await read(project), await read(global)], [true, false]);
});

Deno.test("a name in the other scope only is a clear error that names the flag", async () => {
  await using w = await extWorld();
  await writeExtension(join(w.global, "g"), { name: "g", exec: "./g" });
  const err = await assertRejects(
    () => setExtensionEnabled("g", false, { ...w, scope: "project" }),
    ZotError,
  );
  assertEquals(err.code, "ext_not_found");
  assertEquals(
    err.message,
    `extension "g" is not installed in the project scope; ` +
      `it is installed in the global scope; use --global`,
  );
});

Deno.test("unknown and unsafe names are errors", async () => {
  await using w = await extWorld();
  const unknown = await assertRejects(() => setExtensionEnabled("nope", true, w), ZotError);
  assertEquals(unknown.message, `no extension named "nope" is installed; see: zot ext list`);
  assertEquals(unknown.exitCode, 1);
  const unsafe = await assertRejects(() => setExtensionEnabled("../x", true, w), UsageError);
  assertEquals(unsafe.exitCode, 2);
});

Deno.test("a duplicated enabled key is refused and the file left as it was", async () => {
  await using w = await extWorld();
  const text = `{"name": "d", "exec": "./d", "enabled": true, "enabled": true}`;
  const dir = await writeExtension(join(w.global, "d"), text);
  const err = await assertRejects(() => setExtensionEnabled("d", false, w), ZotError);
  assertEquals(err.code, "jsonc_edit");
  assertEquals(await Deno.readTextFile(join(dir, "extension.json")), text);
});
