import { assertEquals } from "../support/assert.ts";
import { LineSplitter } from "../../extensions/sdk/lines.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

Deno.test("lines split across chunks are joined, CRLF is stripped, blank lines skipped", () => {
  const splitter = new LineSplitter();
  assertEquals(splitter.push(bytes('{"a":')), []);
  assertEquals(splitter.push(bytes('1}\r\n\n  \n{"b"')), ['{"a":1}']);
  assertEquals(splitter.push(bytes(":2}\n")), ['{"b":2}']);
  assertEquals(splitter.end(), []);
});

Deno.test("a multi-byte character split between chunks survives", () => {
  const splitter = new LineSplitter();
  const all = bytes("héllo ✓ 🎉\n");
  const lines: string[] = [];
  for (const byte of all) lines.push(...splitter.push(new Uint8Array([byte])));
  assertEquals(lines, ["héllo ✓ 🎉"]);
});

Deno.test("U+2028 and U+2029 are not line breaks", () => {
  assertEquals(new LineSplitter().push(bytes("a\u2028b\u2029c\n")), ["a\u2028b\u2029c"]);
});

Deno.test("an unterminated last line is returned at the end", () => {
  const splitter = new LineSplitter();
  assertEquals(splitter.push(bytes("one\ntwo")), ["one"]);
  assertEquals(splitter.end(), ["two"]);
});

Deno.test("an over-long line is dropped up to its newline, reported once, and the next line works", () => {
  const dropped: number[] = [];
  const splitter = new LineSplitter(8, (n) => dropped.push(n));
  assertEquals(splitter.push(bytes("0123456789")), []);
  assertEquals(splitter.push(bytes("abcdefghij")), []);
  assertEquals(splitter.push(bytes("xyz\nok\n")), ["ok"]);
  assertEquals(splitter.push(bytes("123456789\nfine\n")), ["fine"]);
  assertEquals(dropped.length, 2);
  assertEquals(splitter.end(), []);
});
