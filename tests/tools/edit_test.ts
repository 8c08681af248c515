import { join } from "node:path";
import { editTool } from "../../src/tools/mod.ts";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { contextFor, textOf, withTempDir } from "./helpers.ts";

const edit = editTool();

const SOURCE = [
  "function a() {",
  "  return 1;",
  "}",
  "",
  "function b() {",
  "  return 2;",
  "}",
  "",
  "function c() {",
  "  return 1;",
  "}",
  "",
].join("\n");

/** Runs fn on a file holding content; returns the file path. */
async function withFile(
  content: string | Uint8Array,
  fn: (dir: string, path: string) => Promise<void>,
): Promise<void> {
  await withTempDir(async (dir) => {
    const path = join(dir, "a.ts");
    if (typeof content === "string") await Deno.writeTextFile(path, content);
    else await Deno.writeFile(path, content);
    await fn(dir, path);
  });
}

Deno.test("edit replaces unique text and returns a compact unified diff", async () => {
  await withFile(SOURCE, async (dir, path) => {
    const out = await edit.execute(
      { path: "a.ts", edits: [{ oldText: "  return 2;", newText: "  return 22;\n  // two" }] },
      contextFor(dir),
    );
    assertEquals(out.isError, false, textOf(out));
    assertEquals(
      textOf(out),
      "edited a.ts: 1 edit, +2 -1 lines\n\n" +
        "@@ -3,7 +3,8 @@\n }\n \n function b() {\n-  return 2;\n+  return 22;\n+  // two\n }\n \n function c() {",
    );
    assertEquals(
      await Deno.readTextFile(path),
      SOURCE.replace("  return 2;", "  return 22;\n  // two"),
    );
  });
});

Deno.test("edit applies several edits in position order, given in any order", async () => {
  await withFile(SOURCE, async (dir, path) => {
    const out = await edit.execute({
      path: "a.ts",
      edits: [
        { oldText: "function c() {\n  return 1;", newText: "function c() {\n  return 3;" },
        { oldText: "function a() {", newText: "function first() {" },
      ],
    }, contextFor(dir));
    assertEquals(out.isError, false, textOf(out));
    const text = await Deno.readTextFile(path);
    assert.ok(text.startsWith("function first() {\n  return 1;"));
    assertIncludes(text, "function c() {\n  return 3;");
    assertIncludes(textOf(out), "edited a.ts: 2 edits, +2 -2 lines");
    assertEquals(
      (textOf(out).match(/^@@/gm) ?? []).length,
      2,
      "far-apart edits make separate hunks",
    );
  });
});

Deno.test("edit accepts a single {oldText,newText} and a lone edit object", async () => {
  await withFile("x = 1\n", async (dir, path) => {
    const flat = await edit.execute(
      { path: "a.ts", oldText: "x = 1", newText: "x = 2" },
      contextFor(dir),
    );
    assertEquals(flat.isError, false, textOf(flat));
    const lone = await edit.execute(
      { path: "a.ts", edits: { oldText: "x = 2", newText: "x = 3" } },
      contextFor(dir),
    );
    assertEquals(lone.isError, false, textOf(lone));
    const stringified = await edit.execute(
      { path: "a.ts", edits: JSON.stringify([{ oldText: "x = 3", newText: "x = 4" }]) },
      contextFor(dir),
    );
    assertEquals(stringified.isError, false, textOf(stringified));
    assertEquals(await Deno.readTextFile(path), "x = 4\n");
  });
});

Deno.test("edit names the ambiguous oldText and where it matches", async () => {
  await withFile(SOURCE, async (dir) => {
    const out = await edit.execute({
      path: "a.ts",
      edits: [{ oldText: "function b", newText: "function bee" }, {
        oldText: "  return 1;",
        newText: "  return 0;",
      }],
    }, contextFor(dir));
    assert.ok(out.isError);
    assertIncludes(
      textOf(out),
      "edit: oldText #2 matches 2 places in a.ts (lines 2, 10); include more surrounding lines so it matches exactly once",
    );
    assertIncludes(textOf(out), "nothing was written; a.ts is unchanged");
  });
});

Deno.test("edit writes nothing when any edit fails, and reports every problem", async () => {
  await withFile(SOURCE, async (dir, path) => {
    const before = await Deno.readFile(path);
    const mtime = (await Deno.stat(path)).mtime;
    const out = await edit.execute({
      path: "a.ts",
      edits: [
        { oldText: "function a() {", newText: "function A() {" },
        { oldText: "", newText: "x" },
        { oldText: "missing text", newText: "y" },
        { oldText: "function b", newText: "function b" },
        { oldText: "a() {\n  return", newText: "z" },
      ],
    }, contextFor(dir));
    assert.ok(out.isError);
    const text = textOf(out);
    assertIncludes(text, "edit: oldText #2 is empty");
    assertIncludes(text, "edit: oldText #3 not found in a.ts");
    assertIncludes(text, "edit: oldText #4 and its newText are identical");
    assertIncludes(
      text,
      "edit: edits #1 and #5 overlap in a.ts (at line 1); merge them into one edit",
    );
    assertEquals(await Deno.readFile(path), before);
    assertEquals((await Deno.stat(path)).mtime, mtime);
    assertEquals([...Deno.readDirSync(dir)].map((e) => e.name), ["a.ts"], "no temp files left");
  });
});

Deno.test("edit explains near misses: whitespace differences and read's line-number prefixes", async () => {
  await withFile(SOURCE, async (dir) => {
    const spaces = await edit.execute(
      { path: "a.ts", oldText: "function b() {\n    return 2;", newText: "x" },
      contextFor(dir),
    );
    assertIncludes(textOf(spaces), "differs only in whitespace or indentation starts at line 5");
    const numbered = await edit.execute(
      { path: "a.ts", oldText: "     5\tfunction b() {\n     6\t  return 2;", newText: "x" },
      contextFor(dir),
    );
    assertIncludes(textOf(numbered), "line-number prefixes from read output");
  });
});

Deno.test("edit keeps a UTF-8 BOM and CRLF line endings", async () => {
  const original = "\uFEFFline one\r\nline two\r\nline three\r\n";
  await withFile(original, async (dir, path) => {
    const out = await edit.execute({
      path: "a.ts",
      edits: [{ oldText: "line two\nline three", newText: "line 2\nline 2.5\nline three" }],
    }, contextFor(dir));
    assertEquals(out.isError, false, textOf(out));
    const bytes = await Deno.readFile(path);
    assertEquals([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    assertEquals(
      new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes),
      "\uFEFFline one\r\nline 2\r\nline 2.5\r\nline three\r\n",
    );
    assertIncludes(textOf(out), "-line two\n+line 2\n+line 2.5\n line three");
  });
});

Deno.test("edit on a file with mixed line endings leaves every untouched line's ending alone", async () => {
  const original = "crlf one\r\nlf two\ncrlf three\r\nlf four\nlf five\n";
  await withFile(original, async (dir, path) => {
    const out = await edit.execute({
      path: "a.ts",
      edits: [
        { oldText: "crlf one\nlf two", newText: "crlf one\nlf 2" },
        { oldText: "lf four\nlf five", newText: "lf 4\nlf 4.5\nlf five" },
      ],
    }, contextFor(dir));
    assertEquals(out.isError, false, textOf(out));
    // The first region had one CRLF and one LF; the second only LFs, so it stays LF.
    assertEquals(
      await Deno.readTextFile(path),
      "crlf one\r\nlf 2\ncrlf three\r\nlf 4\nlf 4.5\nlf five\n",
    );
  });
});

Deno.test("edit rejects missing, binary and non-UTF-8 files without touching them", async () => {
  await withTempDir(async (dir) => {
    const ctx = contextFor(dir);
    const missing = await edit.execute({ path: "new.ts", oldText: "a", newText: "b" }, ctx);
    assert.ok(missing.isError);
    assertIncludes(textOf(missing), `file not found: ${join(dir, "new.ts")}; use write`);

    await Deno.writeFile(join(dir, "bin"), new Uint8Array([97, 0, 98]));
    const binary = await edit.execute({ path: "bin", oldText: "a", newText: "b" }, ctx);
    assertIncludes(textOf(binary), "bin looks binary");

    const latin1 = new Uint8Array([99, 97, 102, 0xe9, 10]);
    await Deno.writeFile(join(dir, "latin1.txt"), latin1);
    const bad = await edit.execute({ path: "latin1.txt", oldText: "caf", newText: "tea" }, ctx);
    assertIncludes(textOf(bad), "latin1.txt is not valid UTF-8");
    assertEquals(await Deno.readFile(join(dir, "latin1.txt")), latin1);

    const noEdits = await edit.execute({ path: "bin", edits: [] }, ctx);
    assertIncludes(textOf(noEdits), "invalid arguments");
  });
});

Deno.test("edit diff handles joined lines, deletions at the start and edits without a final newline", async () => {
  await withFile("a\nb\nc", async (dir, path) => {
    const join1 = await edit.execute(
      { path: "a.ts", oldText: "a\n", newText: "a " },
      contextFor(dir),
    );
    assertEquals(await Deno.readTextFile(path), "a b\nc");
    assertIncludes(textOf(join1), "@@ -1,3 +1,2 @@\n-a\n-b\n+a b\n c");
    const del = await edit.execute(
      { path: "a.ts", oldText: "a b\n", newText: "" },
      contextFor(dir),
    );
    assertEquals(await Deno.readTextFile(path), "c");
    assertIncludes(textOf(del), "@@ -1,2 +1,1 @@\n-a b\n c");
    const last = await edit.execute({ path: "a.ts", oldText: "c", newText: "d" }, contextFor(dir));
    assertIncludes(textOf(last), "@@ -1,1 +1,1 @@\n-c\n+d");
  });
});
