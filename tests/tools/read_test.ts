import { join } from "node:path";
import { readTool } from "../../src/tools/mod.ts";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { contextFor, textOf, withTempDir } from "./helpers.ts";

const read = readTool();

function lines(n: number, make = (i: number) => `line ${i}`): string {
  return Array.from({ length: n }, (_, i) => make(i + 1)).join("\n") + "\n";
}

Deno.test("read returns numbered lines, relative to cwd", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "a.txt"), "alpha\nbeta\n");
    const out = await read.execute({ path: "a.txt" }, contextFor(dir));
    assertEquals(out.isError, false);
    assertEquals(textOf(out), "     1\talpha\n     2\tbeta");
    assertEquals(out.details?.totalLines, 2);
  });
});

Deno.test("read shows CRLF files without carriage returns and counts an unterminated last line", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "w.txt"), "one\r\ntwo\r\nthree");
    const out = await read.execute({ path: join(dir, "w.txt") }, contextFor("/"));
    assertEquals(textOf(out), "     1\tone\n     2\ttwo\n     3\tthree");
  });
});

Deno.test("read with offset and limit shows a window and how to read on", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "a.txt"), lines(50));
    const out = await read.execute({ path: "a.txt", offset: 10, limit: 3 }, contextFor(dir));
    assertEquals(
      textOf(out),
      "    10\tline 10\n    11\tline 11\n    12\tline 12\n" +
        "... [showing lines 10-12 of 50; call read with offset=13 to continue]",
    );
    const tail = await read.execute({ path: "a.txt", offset: 49 }, contextFor(dir));
    assertEquals(textOf(tail), "    49\tline 49\n    50\tline 50");
  });
});

Deno.test("read stops at 2000 lines with a notice naming the next offset", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "big.txt"), lines(5312, (i) => String(i)));
    const out = await read.execute({ path: "big.txt" }, contextFor(dir));
    const text = textOf(out);
    assertEquals(text.split("\n").length, 2001);
    assert.ok(
      text.endsWith("... [truncated at line 2000 of 5312; call read with offset=2001 to continue]"),
    );
    assertEquals(out.details?.linesTruncated, true);
    const next = await read.execute({ path: "big.txt", offset: 2001 }, contextFor(dir));
    assert.ok(textOf(next).startsWith("  2001\t2001\n"));
    assertIncludes(textOf(next), "call read with offset=4001 to continue");
    const asked = await read.execute({ path: "big.txt", limit: 3000 }, contextFor(dir));
    assertIncludes(textOf(asked), "[truncated at line 2000 of 5312;");
  });
});

Deno.test("read stops at 50 KiB with a notice", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "wide.txt"), lines(1000, () => "x".repeat(99)));
    const out = await read.execute({ path: "wide.txt" }, contextFor(dir));
    const text = textOf(out);
    // 100 bytes per line: 512 lines fit in 51200 bytes.
    assertIncludes(
      text,
      "... [truncated at line 512 of 1000 (50 KiB limit); call read with offset=513 to continue]",
    );
    assertEquals(out.details?.bytesTruncated, true);
  });
});

Deno.test("read cuts a single line longer than 50 KiB and says how to get the rest", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "min.js"), "é".repeat(40_000) + "\nnext\n");
    const out = await read.execute({ path: "min.js" }, contextFor(dir));
    const text = textOf(out);
    assertIncludes(text, "line 1 is longer than 51200 bytes and was cut");
    assertIncludes(text, "call read with offset=2 to continue");
    assert.ok(!text.includes("\uFFFD"), "the cut must not split a UTF-8 character");
  });
});

Deno.test("read rejects binary files, directories, missing files and a bad offset", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeFile(join(dir, "bin.dat"), new Uint8Array([65, 66, 0, 67]));
    await Deno.mkdir(join(dir, "sub"));
    await Deno.writeTextFile(join(dir, "a.txt"), "one\ntwo\n");
    const ctx = contextFor(dir);

    const binary = await read.execute({ path: "bin.dat" }, ctx);
    assert.ok(binary.isError);
    assertIncludes(textOf(binary), "bin.dat looks binary");

    const folder = await read.execute({ path: "sub" }, ctx);
    assert.ok(folder.isError);
    assertIncludes(textOf(folder), "sub is a directory");
    assertIncludes(textOf(folder), "ls -la sub");

    const missing = await read.execute({ path: "nope/x.ts" }, ctx);
    assert.ok(missing.isError);
    assertIncludes(textOf(missing), `file not found: ${join(dir, "nope/x.ts")}`);

    const past = await read.execute({ path: "a.txt", offset: 9 }, ctx);
    assert.ok(past.isError);
    assertIncludes(textOf(past), "offset 9 is past the end of a.txt (2 lines)");
  });
});

Deno.test("read reports invalid arguments with the expected shape", async () => {
  await withTempDir(async (dir) => {
    const none = await read.execute({}, contextFor(dir));
    assert.ok(none.isError);
    assertIncludes(
      textOf(none),
      'read: invalid arguments: value does not have required property "path"',
    );
    assertIncludes(textOf(none), "expected {path: string, offset?: integer, limit?: integer}");
    const zero = await read.execute({ path: "a", offset: 0 }, contextFor(dir));
    assertIncludes(textOf(zero), "offset: 0 is less than 1");
    const empty = await read.execute({ path: " " }, contextFor(dir));
    assertIncludes(textOf(empty), "path is empty");
  });
});

Deno.test("read returns an empty file as a note, not an error", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "e.txt"), "");
    const out = await read.execute({ path: "e.txt" }, contextFor(dir));
    assertEquals(out.isError, false);
    assertEquals(textOf(out), "(e.txt is empty)");
  });
});

Deno.test("read returns images as image blocks and refuses oversized ones", async () => {
  await withTempDir(async (dir) => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    await Deno.writeFile(join(dir, "p.PNG"), png);
    const out = await read.execute({ path: "p.PNG" }, contextFor(dir));
    assertEquals(out.isError, false);
    const image = out.content.find((b) => b.type === "image");
    assert.ok(image && image.type === "image");
    assertEquals(image.mimeType, "image/png");
    assertEquals(image.data, btoa(String.fromCharCode(...png)));

    using big = await Deno.open(join(dir, "big.jpg"), { write: true, create: true });
    await big.truncate(6 * 1024 * 1024);
    const tooBig = await read.execute({ path: "big.jpg" }, contextFor(dir));
    assert.ok(tooBig.isError);
    assertIncludes(textOf(tooBig), "image big.jpg is 6.0 MiB, over the 5.0 MiB limit");
  });
});

Deno.test("read of exactly 2000 lines is complete, with no notice", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "full.txt"), lines(2000));
    const out = await read.execute({ path: "full.txt" }, contextFor(dir));
    assert.ok(!textOf(out).includes("..."));
    assertEquals(out.details?.linesTruncated, false);
    assertEquals(out.details?.endLine, 2000);
  });
});
