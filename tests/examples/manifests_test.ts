/** Every example is a complete, valid extension folder. */

import { join } from "node:path";
import { assert, assertEquals } from "../support/assert.ts";
import { readManifest } from "../../src/extensions/mod.ts";

const EXAMPLES = new URL("../../extensions/examples/", import.meta.url).pathname;
const CONTRACT_FIELDS = ["name", "version", "exec", "args", "language", "description", "enabled"];
/** zot's additions: run under Deno's sandbox with exactly these permissions. */
const SANDBOX_FIELDS = ["runtime", "permissions"];

async function exampleDirs(): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(EXAMPLES)) if (entry.isDirectory) names.push(entry.name);
  return names.sort();
}

Deno.test("the examples are the ones documented", async () => {
  assertEquals(await exampleDirs(), [
    "clock",
    "guard",
    "hello-py",
    "jq-echo",
    "scratchpad",
    "weather",
  ]);
});

for (const name of await exampleDirs()) {
  const dir = join(EXAMPLES, name);
  Deno.test(`example ${name}: manifest valid for the host, contract fields only, exec present`, async () => {
    const parsed = await readManifest(join(dir, "extension.json"));
    assert.ok(parsed.ok, parsed.ok ? "" : parsed.reason);
    assertEquals(parsed.manifest.name, name, "folder name = manifest name");
    const raw = JSON.parse(await Deno.readTextFile(join(dir, "extension.json")));
    const fields = raw.runtime === "deno"
      ? [...CONTRACT_FIELDS, ...SANDBOX_FIELDS]
      : CONTRACT_FIELDS;
    for (const key of Object.keys(raw)) assert.ok(fields.includes(key), `${name}: ${key}`);
    assert.ok(typeof raw.version === "string" && typeof raw.language === "string");
    const exec: string = raw.exec;
    if (raw.runtime === "deno") {
      assert.ok((await Deno.stat(join(dir, exec))).isFile, `${name}: ${exec} exists`);
    } else if (exec.startsWith("./")) {
      const info = await Deno.stat(join(dir, exec));
      assert.ok(info.isFile && (info.mode! & 0o111) !== 0, `${name}: ${exec} must be executable`);
    } else {
      assert.ok(!exec.includes("/"), `${name}: exec is a bare command found on PATH`);
      const script = (raw.args as string[]).at(-1)!;
      assert.ok((await Deno.stat(join(dir, script))).isFile, `${name}: ${script} exists`);
    }
    assert.ok((await Deno.stat(join(dir, "README.md"))).isFile, `${name}: README.md`);
  });
}
