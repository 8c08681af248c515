import { join } from "node:path";
import { editTool, writeTool } from "../../src/tools/mod.ts";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { contextFor, textOf, withTempDir } from "./helpers.ts";

const write = writeTool();

Deno.test("write creates parent folders and reports bytes and lines", async () => {
  await withTempDir(async (dir) => {
    const out = await write.execute(
      { path: "a/b/c.txt", content: "héllo\nworld\n" },
      contextFor(dir),
    );
    assertEquals(out.isError, false);
    assertEquals(textOf(out), "created a/b/c.txt: wrote 13 bytes, 2 lines");
    assertEquals(await Deno.readTextFile(join(dir, "a/b/c.txt")), "héllo\nworld\n");
    assertEquals(out.details?.created, true);
  });
});

Deno.test("write overwrites in place, keeping the mode and following symlinks", async () => {
  await withTempDir(async (dir) => {
    const target = join(dir, "real.sh");
    await Deno.writeTextFile(target, "old\n");
    await Deno.chmod(target, 0o750);
    await Deno.symlink(target, join(dir, "link.sh"));
    const out = await write.execute({ path: "link.sh", content: "new" }, contextFor(dir));
    assertEquals(textOf(out), "overwrote link.sh: wrote 3 bytes, 1 line");
    assertEquals(await Deno.readTextFile(target), "new");
    assert.ok((await Deno.lstat(join(dir, "link.sh"))).isSymlink, "the symlink must survive");
    assertEquals((await Deno.stat(target)).mode! & 0o777, 0o750);
    const leftovers = [...Deno.readDirSync(dir)].map((e) => e.name).sort();
    assertEquals(leftovers, ["link.sh", "real.sh"]);
  });
});

Deno.test("write refuses a directory, a file used as a folder and bad arguments", async () => {
  await withTempDir(async (dir) => {
    await Deno.mkdir(join(dir, "sub"));
    await Deno.writeTextFile(join(dir, "file"), "x");
    const ctx = contextFor(dir);
    const folder = await write.execute({ path: "sub", content: "x" }, ctx);
    assert.ok(folder.isError);
    assertIncludes(textOf(folder), "sub is a directory");
    const parent = await write.execute({ path: "file/inner.txt", content: "x" }, ctx);
    assert.ok(parent.isError);
    assertIncludes(textOf(parent), `${join(dir, "file")} is a file, not a folder`);
    const missing = await write.execute({ path: "x.txt" }, ctx);
    assert.ok(missing.isError);
    assertIncludes(textOf(missing), 'required property "content"');
    assertEquals(await Deno.readTextFile(join(dir, "file")), "x");
  });
});

Deno.test("write of empty content creates an empty file", async () => {
  await withTempDir(async (dir) => {
    const out = await write.execute({ path: "empty", content: "" }, contextFor(dir));
    assertEquals(textOf(out), "created empty: wrote 0 bytes, 0 lines");
    assertEquals((await Deno.stat(join(dir, "empty"))).size, 0);
  });
});

Deno.test("write and edit leave a read-only file unchanged and say so", async () => {
  await withTempDir(async (dir) => {
    const path = join(dir, "locked.txt");
    await Deno.writeTextFile(path, "keep me\n");
    await Deno.chmod(path, 0o444);
    const written = await write.execute({ path: "locked.txt", content: "gone" }, contextFor(dir));
    assertEquals(written.isError, true);
    assertIncludes(textOf(written), "locked.txt is read-only (mode 0444); it was left unchanged");
    const edited = await editTool().execute(
      { path: "locked.txt", edits: [{ oldText: "keep", newText: "lose" }] },
      contextFor(dir),
    );
    assertEquals(edited.isError, true);
    assertIncludes(textOf(edited), "read-only");
    assertEquals(await Deno.readTextFile(path), "keep me\n");
  });
});
