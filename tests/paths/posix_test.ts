import { assertEquals } from "../support/assert.ts";
import { posix as node } from "node:path";
import * as ours from "../../src/paths/posix.ts";
import * as paths from "../../src/paths/mod.ts";

// Every path of up to three segments drawn from these, with or without a leading slash,
// doubled separators and a trailing slash: the edge cases of each function, combined.
const PARTS = ["", ".", "..", "a", "b.c", ".d", "e.", "...", "f\\g", " h"];

function corpus(): string[] {
  const out = new Set<string>([""]);
  const grow = (prefix: string[], depth: number) => {
    if (prefix.length > 0) {
      for (const lead of ["", "/", "//"]) {
        for (const joint of ["/", "//"]) {
          for (const tail of ["", "/"]) out.add(lead + prefix.join(joint) + tail);
        }
      }
    }
    if (depth === 0) return;
    for (const part of PARTS) grow([...prefix, part], depth - 1);
  };
  grow([], 3);
  return [...out];
}

const ALL = corpus();
// Pairs from a spread-out sample, so two-path functions meet every kind of path.
const SAMPLE = ALL.filter((_, i) => i % 37 === 0);

function eachPath(name: string, check: (path: string) => [unknown, unknown]): void {
  for (const path of ALL) {
    const [got, want] = check(path);
    assertEquals(got, want, `${name}(${JSON.stringify(path)})`);
  }
}

function eachPair(name: string, check: (a: string, b: string) => [unknown, unknown]): void {
  for (const a of SAMPLE) {
    for (const b of SAMPLE) {
      const [got, want] = check(a, b);
      assertEquals(got, want, `${name}(${JSON.stringify(a)}, ${JSON.stringify(b)})`);
    }
  }
}

Deno.test("the corpus is big enough to mean something", () => {
  // Guards the generator: a bug that empties it would pass every test below.
  if (ALL.length < 5000 || SAMPLE.length < 100) {
    throw new Error(`only ${ALL.length} paths, ${SAMPLE.length} sampled`);
  }
});

Deno.test("one-path functions answer as node:path's posix does", () => {
  eachPath("normalize", (p) => [ours.normalize(p), node.normalize(p)]);
  eachPath("dirname", (p) => [ours.dirname(p), node.dirname(p)]);
  eachPath("basename", (p) => [ours.basename(p), node.basename(p)]);
  eachPath("extname", (p) => [ours.extname(p), node.extname(p)]);
  eachPath("isAbsolute", (p) => [ours.isAbsolute(p), node.isAbsolute(p)]);
  eachPath("resolve", (p) => [ours.resolve(p), node.resolve(p)]);
  eachPath("join", (p) => [ours.join(p), node.join(p)]);
});

Deno.test("join, resolve and relative of two paths answer as node:path's posix does", () => {
  eachPair("join", (a, b) => [ours.join(a, b), node.join(a, b)]);
  eachPair("resolve", (a, b) => [ours.resolve(a, b), node.resolve(a, b)]);
  eachPair("relative", (a, b) => [ours.relative(a, b), node.relative(a, b)]);
  assertEquals(ours.join(), node.join());
  assertEquals(ours.resolve(), node.resolve());
  assertEquals(ours.resolve("a", "", "/b", "c"), node.resolve("a", "", "/b", "c"));
});

Deno.test("a backslash is part of a POSIX file name, not a separator", () => {
  assertEquals(ours.join("/tmp", "a\\..\\..\\etc"), "/tmp/a\\..\\..\\etc");
  assertEquals(ours.basename("/x/a\\b"), "a\\b");
});

Deno.test("the separator constants are POSIX's", () => {
  assertEquals([ours.sep, ours.delimiter], [node.sep, node.delimiter]);
});

Deno.test("paths/mod.ts is posix.ts on POSIX and node:path on Windows", async () => {
  const want = Deno.build.os === "windows" ? await import("node:path") : ours;
  assertEquals(paths.join, want.join);
  assertEquals(paths.resolve, want.resolve);
  assertEquals(paths.sep, want.sep);
});
