import { assertEquals } from "../support/assert.ts";
import { byCodeUnit } from "../../src/text/mod.ts";

Deno.test("names sort by code unit, the same in every locale", () => {
  const names = ["write", "mcp__fs__read", "Bash", "mcp-x", "edit", "_hidden", "read"];
  assertEquals([...names].sort(byCodeUnit), [
    "Bash",
    "_hidden",
    "edit",
    "mcp-x",
    "mcp__fs__read",
    "read",
    "write",
  ]);
  assertEquals(byCodeUnit("a", "a"), 0);
});
