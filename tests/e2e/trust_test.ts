import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { World } from "./support.ts";

async function lines(path: string): Promise<string[]> {
  try {
    return (await Deno.readTextFile(path)).trim().split("\n").filter(Boolean);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return [];
    throw err;
  }
}

/** A project extension that appends a line to `marker` whenever it is started. */
async function markerExtension(world: World, marker: string): Promise<string> {
  const dir = join(world.work, ".zot", "extensions", "marker");
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({ name: "marker", exec: "./start.sh" }),
  );
  const script = join(dir, "start.sh");
  await Deno.writeTextFile(script, `#!/bin/sh\necho started >> '${marker}'\n`);
  await Deno.chmod(script, 0o755);
  return dir;
}

Deno.test("a project extension starts only once trusted, and again only after re-trust", async () => {
  await using world = await World.create([
    { text: "one" },
    { text: "two" },
    { text: "three" },
    { text: "four" },
    { text: "five" },
    { text: "six" },
  ]);
  const marker = join(world.root, "marker.txt");
  const dir = await markerExtension(world, marker);

  const first = await world.run(["-p", "hi"]);
  assertEquals(first.code, 0, first.stderr);
  assertEquals(await lines(marker), []);
  assertIncludes(first.stderr, "extension marker not started");
  assertIncludes(first.stderr, "zot ext trust marker");

  // --json never asks either: one line on stderr, the events on stdout stay clean JSON.
  const json = await world.run(["--json", "hi"]);
  assertEquals(json.code, 0, json.stderr);
  assertEquals(await lines(marker), []);
  assertIncludes(json.stderr, "zot ext trust marker");
  for (const line of json.stdout.trim().split("\n")) JSON.parse(line);

  const listed = await world.run(["ext", "list", "--json"]);
  assertEquals(JSON.parse(listed.stdout)[0].trust, "untrusted");

  const trust = await world.run(["ext", "trust"]);
  assertEquals(trust.code, 0, trust.stderr);
  assertIncludes(trust.stdout, `trusted "marker"`);

  const second = await world.run(["-p", "hi"]);
  assertEquals(second.code, 0, second.stderr);
  assertEquals(await lines(marker), ["started"]);

  // Any edit makes it "modified": it does not start until trusted again.
  await Deno.writeTextFile(join(dir, "start.sh"), "# edited\n", { append: true });
  const third = await world.run(["-p", "hi"]);
  assertEquals(third.code, 0, third.stderr);
  assertEquals(await lines(marker), ["started"]);
  assertIncludes(third.stderr, "changed since you trusted it");
  assertIncludes(third.stderr, "zot ext trust marker");
  const relisted = await world.run(["ext", "list", "--json"]);
  assertEquals(JSON.parse(relisted.stdout)[0].trust, "modified");

  assertEquals((await world.run(["ext", "trust", "marker"])).code, 0);
  assertEquals((await world.run(["-p", "hi"])).code, 0);
  assertEquals(await lines(marker), ["started", "started"]);

  const untrust = await world.run(["ext", "untrust"]);
  assertIncludes(untrust.stdout, "no longer trusted");
  const last = await world.run(["-p", "hi"]);
  assertEquals(last.code, 0, last.stderr);
  assertEquals(await lines(marker), ["started", "started"]);
  // The decision lives under $ZOT_HOME, never in the project.
  assert((await Deno.stat(join(world.home, "trust.json"))).isFile);
  assertEquals(await Array.fromAsync(Deno.readDir(join(world.work, ".zot")), (e) => e.name), [
    "extensions",
  ]);
});

Deno.test("zot ext trust names the installed copy when the name is not a project extension", async () => {
  await using world = await World.create();
  const result = await world.run(["ext", "trust", "nothere"]);
  assertEquals(result.code, 1);
  assertIncludes(result.stderr, `this project has no extension named "nothere"`);
});

Deno.test("installing into the project is consent: the installed copy starts without asking", async () => {
  await using world = await World.create([{ text: "ok" }]);
  const marker = join(world.root, "marker.txt");
  const source = join(world.root, "src");
  await Deno.mkdir(source);
  await Deno.writeTextFile(
    join(source, "extension.json"),
    JSON.stringify({ name: "marker", exec: "./start.sh" }),
  );
  // Says hello and acknowledges shutdown, so the install's handshake check passes.
  await Deno.writeTextFile(
    join(source, "start.sh"),
    `#!/bin/sh\necho started >> '${marker}'\n` +
      `printf '%s\\n' '{"type":"hello","name":"marker"}' '{"type":"ready"}'\n` +
      `while read -r l; do case "$l" in *shutdown*) echo '{"type":"shutdown_ack"}'; exit 0;; esac; done\n`,
  );
  await Deno.chmod(join(source, "start.sh"), 0o755);
  const install = await world.run(["ext", "install", "--yes", "--local", source]);
  assertEquals(install.code, 0, install.stderr);
  assertEquals(await lines(marker), ["started"], "the install's check ran it once");
  const run = await world.run(["-p", "hi"]);
  assertEquals(run.code, 0, run.stderr);
  assertEquals(await lines(marker), ["started", "started"]);
});
