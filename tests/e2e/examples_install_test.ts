/** The shipped examples work once installed, away from the repository's SDK folder. */

import { join } from "node:path";
import { assertEquals, assertIncludes } from "../support/assert.ts";
import { REPO, World } from "./support.ts";

for (const name of ["weather", "guard"]) {
  Deno.test(`the installed ${name} example passes zot ext check --probe`, async () => {
    await using world = await World.create();
    const install = await world.run([
      "ext",
      "install",
      "--yes",
      join(REPO, "extensions", "examples", name),
    ]);
    assertEquals(install.code, 0, install.stderr);
    assertIncludes(install.stdout, `installed "${name}"`);
    const listed = JSON.parse((await world.run(["ext", "list", "--json"])).stdout);
    assertEquals(listed[0].access, "sandboxed");
    // Offline and deterministic: weather is pointed at a host its permissions do not cover.
    const check = await world.run(["ext", "check", name, "--probe"], {
      env: { ZOT_WEATHER_BASE_URL: "http://127.0.0.1:9" },
    });
    assertEquals(check.code, 0, check.stdout + check.stderr);
    assertIncludes(check.stdout, "all checks passed");
  });
}

Deno.test("install refuses an extension that fails its handshake, and leaves nothing behind", async () => {
  await using world = await World.create();
  const dir = join(world.root, "broken");
  await Deno.mkdir(dir);
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({ name: "broken", exec: "./main.ts", runtime: "deno", permissions: {} }),
  );
  await Deno.writeTextFile(join(dir, "main.ts"), 'import "../../sdk/mod.ts";\n');
  const refused = await world.run(["ext", "install", "--yes", dir]);
  assertEquals(refused.code, 1);
  assertIncludes(refused.stderr, `did not install "broken" failed its check`);
  assertIncludes(refused.stderr, "--force");
  const installed = await Array.fromAsync(Deno.readDir(join(world.home, "extensions")));
  assertEquals(installed.map((e) => e.name), []);

  const forced = await world.run(["ext", "install", "--yes", "--force", dir]);
  assertEquals(forced.code, 0, forced.stderr);
  assertIncludes(forced.stderr, "installing anyway (--force)");
});

Deno.test("install checks that the name is free before it asks", async () => {
  await using world = await World.create();
  const dir = join(REPO, "extensions", "examples", "guard");
  assertEquals((await world.run(["ext", "install", "--yes", dir])).code, 0);
  // No --yes: were the question asked first, the empty stdin would answer it "no".
  const again = await world.run(["ext", "install", dir], { stdin: "" });
  assertEquals(again.code, 1);
  assertIncludes(again.stderr, `extension "guard" is already installed`);
  assertEquals(again.stderr.includes("Install it?"), false, again.stderr);
});
