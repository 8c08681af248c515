/** The jail's path check: canonical paths, symlinks out of the project, missing tails. */

import { join } from "node:path";
import { assertEquals, assertIncludes, assertRejects } from "../support/assert.ts";
import { canonical, Jail } from "../../src/tools/mod.ts";
import { ToolError } from "../../src/errors/mod.ts";

async function world() {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "zot-jail-" }));
  const project = join(root, "project");
  const outside = join(root, "outside");
  await Deno.mkdir(project);
  await Deno.mkdir(outside);
  await Deno.writeTextFile(join(outside, "secret"), "s");
  await Deno.symlink(outside, join(project, "out"));
  await Deno.symlink(join(outside, "secret"), join(project, "secret-link"));
  return {
    root,
    project,
    outside,
    [Symbol.asyncDispose]: () => Deno.remove(root, { recursive: true }),
  };
}

Deno.test("canonical resolves the nearest existing ancestor and appends the rest", async () => {
  await using w = await world();
  assertEquals(
    await canonical(join(w.project, "out", "new", "file.txt")),
    join(w.outside, "new", "file.txt"),
  );
  assertEquals(await canonical(join(w.project, "a", "b")), join(w.project, "a", "b"));
});

Deno.test("a locked jail refuses links out of the project and accepts what is inside", async () => {
  await using w = await world();
  const jail = new Jail(w.project);
  jail.lock();
  for (
    const path of [
      join(w.project, "out", "x"),
      join(w.project, "secret-link"),
      join(w.project, "..", "outside", "secret"),
      w.root,
    ]
  ) {
    const err = await assertRejects(() => jail.check("read", path), ToolError);
    assertIncludes((err as Error).message, "outside the project");
  }
  assertEquals(await jail.check("write", join(w.project, "new.txt")), join(w.project, "new.txt"));
  assertEquals(await jail.check("read", w.project), w.project);
  // A sibling whose name starts like the project is outside too.
  await Deno.mkdir(`${w.project}-evil`);
  await assertRejects(() => jail.check("read", join(`${w.project}-evil`, "f")), ToolError);
});
