import { mcpName, promptArguments } from "../../../../src/extensions/runtime/mcp/mod.ts";
import { assertEquals } from "../../../support/assert.ts";

const CITY = [{ name: "city", required: true }, { name: "state" }];

Deno.test("MCP names are mcp__<extension>__<name>, unusable characters as _", () => {
  assertEquals(mcpName("github", "list_prs"), "mcp__github__list_prs");
  assertEquals(mcpName("my.ext", "a.b/c d"), "mcp__my_ext__a_b_c_d");
});

Deno.test("prompt arguments: positional, the last one taking the rest; key=value by name", () => {
  assertEquals(promptArguments(CITY, "Paris"), { args: { city: "Paris" } });
  assertEquals(promptArguments(CITY, "Paris Ile de France"), {
    args: { city: "Paris", state: "Ile de France" },
  });
  assertEquals(promptArguments(CITY, "state=TX Austin"), { args: { state: "TX", city: "Austin" } });
  assertEquals(promptArguments([{ name: "topic" }], "fix the login bug"), {
    args: { topic: "fix the login bug" },
  });
});

Deno.test("prompt arguments: a missing required one or extra words are problems", () => {
  assertEquals(promptArguments(CITY, ""), { problem: "needs city; usage: <city> [state]" });
  assertEquals(promptArguments([], "extra words"), {
    problem: 'takes no more arguments (got "extra words")',
  });
  assertEquals(promptArguments([], "  "), { args: {} });
});
