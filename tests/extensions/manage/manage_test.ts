import { join } from "node:path";
import { assertEquals, assertRejects } from "../../support/assert.ts";
import { extWorld, listNames, writeExtension } from "../../support/ext_dirs.ts";
import { UsageError, ZotError } from "../../../src/errors/mod.ts";
import { findInstalled, removeExtension } from "../../../src/extensions/mod.ts";

Deno.test("remove deletes the winning (project) copy, then the global one", async () => {
  await using w = await extWorld();
  await writeExtension(join(w.project, "x"), { name: "x", exec: "./x" }, { "data/a": "1" });
  await writeExtension(join(w.global, "x"), { name: "x", exec: "./x" });
  const first = await removeExtension("x", w);
  assertEquals(first, { name: "x", dir: join(w.project, "x"), source: "project", valid: true });
  assertEquals(await listNames(w.project), []);
  assertEquals(await listNames(w.global), ["x"]);
  const second = await removeExtension("x", w);
  assertEquals(second.source, "global");
  assertEquals(await listNames(w.global), []);
});

Deno.test("remove with a scope touches only that scope", async () => {
  await using w = await extWorld();
  await writeExtension(join(w.project, "x"), { name: "x", exec: "./x" });
  await writeExtension(join(w.global, "x"), { name: "x", exec: "./x" });
  await removeExtension("x", { ...w, scope: "global" });
  assertEquals([await listNames(w.project), await listNames(w.global)], [["x"], []]);
  await assertRejects(() => removeExtension("x", { ...w, scope: "global" }), ZotError);
});

Deno.test("an extension with an invalid manifest is removed by its folder name", async () => {
  await using w = await extWorld();
  await writeExtension(join(w.global, "broken"), "{ not json");
  await writeExtension(join(w.global, "keep"), { name: "keep", exec: "./k" });
  const removed = await removeExtension("broken", w);
  assertEquals(removed.valid, false);
  assertEquals(await listNames(w.global), ["keep"]);
});

Deno.test("a symlinked extension loses the link, never the linked folder", async () => {
  await using w = await extWorld();
  const real = await writeExtension(join(w.root, "dev", "linked"), { name: "linked", exec: "./l" });
  await Deno.mkdir(w.global, { recursive: true });
  await Deno.symlink(real, join(w.global, "linked"));
  await removeExtension("linked", w);
  assertEquals(await listNames(w.global), []);
  assertEquals(await listNames(real), ["extension.json"]);
});

Deno.test("unknown or unsafe names: clear errors, nothing deleted", async () => {
  await using w = await extWorld();
  await writeExtension(join(w.global, "keep"), { name: "keep", exec: "./k" });
  const unknown = await assertRejects(() => removeExtension("gone", w), ZotError);
  assertEquals(unknown.code, "ext_not_found");
  await assertRejects(() => removeExtension("..", w), UsageError);
  await assertRejects(() => removeExtension("../home", w), UsageError);
  assertEquals(await listNames(w.global), ["keep"]);
});

Deno.test("findInstalled prefers the project copy and honours a scope", async () => {
  await using w = await extWorld();
  await writeExtension(join(w.project, "p"), { name: "same", exec: "./x" });
  await writeExtension(join(w.global, "g"), { name: "same", exec: "./x" });
  assertEquals((await findInstalled("same", w)).dir, join(w.project, "p"));
  assertEquals((await findInstalled("same", { ...w, scope: "global" })).dir, join(w.global, "g"));
});
