import { assert, assertEquals } from "../support/assert.ts";
import {
  DEFAULT_MAX_LINE_BYTES,
  LineDecoderStream,
  type LineItem,
  LineSplitter,
} from "../../src/protocol/mod.ts";

const encoder = new TextEncoder();

function split(chunks: (Uint8Array | string)[], maxLineBytes?: number): LineItem[] {
  const splitter = new LineSplitter({ maxLineBytes });
  const items: LineItem[] = [];
  for (const chunk of chunks) splitter.push(chunk, (item) => items.push(item));
  splitter.flush((item) => items.push(item));
  return items;
}

function lines(items: LineItem[]): string[] {
  return items.map((item) => (item.kind === "line" ? item.line : `<oversized ${item.bytes}>`));
}

Deno.test("splits on \\n only and strips exactly one trailing \\r", () => {
  assertEquals(lines(split(["a\nb\r\nc\r\r\nd"])), ["a", "b", "c\r", "d"]);
});

Deno.test("U+2028 and U+2029 stay inside a line", () => {
  const text = '{"t":"x\u2028y\u2029z"}\n';
  assertEquals(lines(split([text])), ['{"t":"x\u2028y\u2029z"}']);
});

Deno.test("a multi-byte character split across chunks at every offset decodes whole", () => {
  const bytes = encoder.encode("héllo → wörld 🎉\nnext\n");
  for (let cut = 1; cut < bytes.length; cut++) {
    const items = split([bytes.subarray(0, cut), bytes.subarray(cut)]);
    assertEquals(lines(items), ["héllo → wörld 🎉", "next"], `cut at ${cut}`);
  }
});

Deno.test("byte-at-a-time input gives the same lines as one chunk", () => {
  const text = '{"type":"hello"}\r\n\n  \n{"a":"ü"}\nlast';
  const bytes = encoder.encode(text);
  const oneByOne = [...bytes].map((b) => new Uint8Array([b]));
  assertEquals(lines(split(oneByOne)), lines(split([bytes])));
  assertEquals(lines(split([bytes])), ['{"type":"hello"}', '{"a":"ü"}', "last"]);
});

Deno.test("blank and whitespace-only lines are skipped", () => {
  assertEquals(lines(split(["\n\r\n   \n\t\nx\n\n"])), ["x"]);
});

Deno.test("an unterminated tail is emitted at end of input, an empty one is not", () => {
  assertEquals(lines(split(["a\nb"])), ["a", "b"]);
  assertEquals(lines(split(["a\n"])), ["a"]);
  assertEquals(lines(split([])), []);
});

Deno.test("string chunks work like bytes", () => {
  assertEquals(lines(split(["ab", "c\nd", "e\n"])), ["abc", "de"]);
});

Deno.test("a line of exactly maxLineBytes is kept; one byte more is oversized", () => {
  assertEquals(lines(split(["x".repeat(10) + "\n"], 10)), ["x".repeat(10)]);
  assertEquals(split(["x".repeat(11) + "\nok\n"], 10), [
    { kind: "oversized", bytes: 11, limit: 10 },
    { kind: "line", line: "ok" },
  ]);
});

Deno.test("an oversized line spread over many chunks yields one diagnostic and is dropped", () => {
  const chunks = ["ok1\nxxxx", ...Array(50).fill("xxxxxxxxxx"), "xx\nok2\n"];
  const items = split(chunks, 16);
  assertEquals(items.length, 3);
  assertEquals(items[0], { kind: "line", line: "ok1" });
  assert.ok(items[1].kind === "oversized" && items[1].limit === 16 && items[1].bytes > 16);
  assertEquals(items[2], { kind: "line", line: "ok2" });
});

Deno.test("an oversized line counts bytes, not characters", () => {
  // 4 characters, 8 bytes
  assertEquals(split(["éééé\n"], 7)[0].kind, "oversized");
  assertEquals(split(["éééé\n"], 8)[0], { kind: "line", line: "éééé" });
});

Deno.test("an oversized unterminated tail at end of input gives one diagnostic, no line", () => {
  const items = split(["y".repeat(100)], 10);
  assertEquals(items.length, 1);
  assertEquals(items[0].kind, "oversized");
});

Deno.test("the limit defaults to 4 MiB and must be a positive integer", () => {
  assertEquals(DEFAULT_MAX_LINE_BYTES, 4 * 1024 * 1024);
  const big = "z".repeat(DEFAULT_MAX_LINE_BYTES);
  assertEquals(split([big + "\n"])[0].kind, "line");
  assertEquals(split([big + "z\n"])[0].kind, "oversized");
  assert.throws(() => new LineSplitter({ maxLineBytes: 0 }), RangeError);
  assert.throws(() => new LineSplitter({ maxLineBytes: 1.5 }), RangeError);
});

Deno.test("random chunking never changes the lines", () => {
  const source = Array.from(
    { length: 200 },
    (_, i) => (i % 7 === 0 ? "" : JSON.stringify({ i, s: "ä\u2028".repeat(i % 5) })),
  ).join("\n");
  const bytes = encoder.encode(source);
  const expected = lines(split([bytes]));
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let round = 0; round < 20; round++) {
    const chunks: Uint8Array[] = [];
    for (let at = 0; at < bytes.length;) {
      const size = 1 + Math.floor(random() * 64);
      chunks.push(bytes.subarray(at, at + size));
      at += size;
    }
    assertEquals(lines(split(chunks)), expected);
  }
});

Deno.test("LineDecoderStream works as a TransformStream in a pipe", async () => {
  const source = ReadableStream.from([
    encoder.encode('{"a":1}\n{"b"'),
    ":2}\n",
    "x".repeat(20),
    "\nz",
  ]);
  const items = await Array.fromAsync(
    source.pipeThrough(new LineDecoderStream({ maxLineBytes: 10 })),
  );
  assertEquals(items, [
    { kind: "line", line: '{"a":1}' },
    { kind: "line", line: '{"b":2}' },
    { kind: "oversized", bytes: 20, limit: 10 },
    { kind: "line", line: "z" },
  ]);
});
