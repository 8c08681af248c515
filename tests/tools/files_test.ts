import { join } from "node:path";
import { countLines, cutUtf8, displayPath, resolvePath } from "../../src/tools/files.ts";
import { assertEquals } from "../support/assert.ts";

Deno.test("resolvePath joins relative paths to cwd and expands ~", () => {
  assertEquals(resolvePath("/work/p", "src/a.ts"), "/work/p/src/a.ts");
  assertEquals(resolvePath("/work/p", "../q/./b"), "/work/q/b");
  assertEquals(resolvePath("/work/p", "/etc/hosts"), "/etc/hosts");
  const home = Deno.env.get("HOME");
  if (home) assertEquals(resolvePath("/work/p", "~/notes.md"), join(home, "notes.md"));
  assertEquals(resolvePath("/work/p", "~user/x"), "/work/p/~user/x");
});

Deno.test("displayPath is relative inside cwd and absolute outside", () => {
  assertEquals(displayPath("/work/p", "/work/p/src/a.ts"), "src/a.ts");
  assertEquals(displayPath("/work/p", "/work/q/a.ts"), "/work/q/a.ts");
  assertEquals(displayPath("/work/p", "/work/p"), "/work/p");
  assertEquals(displayPath("/work/p", "/work/p/..hidden"), "..hidden");
});

Deno.test("countLines counts an unterminated last line; cutUtf8 never splits a character", () => {
  assertEquals([countLines(""), countLines("a"), countLines("a\n"), countLines("a\nb")], [
    0,
    1,
    1,
    2,
  ]);
  const bytes = new TextEncoder().encode("aé€");
  assertEquals(new TextDecoder().decode(cutUtf8(bytes, 2)), "a");
  assertEquals(new TextDecoder().decode(cutUtf8(bytes, 3)), "aé");
  assertEquals(new TextDecoder().decode(cutUtf8(bytes, 5)), "aé");
  assertEquals(cutUtf8(bytes, 99), bytes);
});
