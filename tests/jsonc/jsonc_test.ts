import { assertEquals, assertRejects, assertThrows } from "../support/assert.ts";
import { setJsoncProperty, tryParseJsonc } from "../../src/jsonc/mod.ts";
// parseJsonc is internal to src/jsonc (setJsoncProperty checks text with it): tested directly.
import { parseJsonc } from "../../src/jsonc/jsonc.ts";
import { ConfigError } from "../../src/errors/mod.ts";

Deno.test("parseJsonc accepts comments and trailing commas", () => {
  assertEquals(parseJsonc('{\n  // c\n  "a": [1, 2,], /* d */\n}', "f.json"), { a: [1, 2] });
});

Deno.test("parseJsonc throws a ConfigError naming the file, line and column", () => {
  const err = assertThrows(
    () => parseJsonc('{\n  "a": 1\n  "b": 2\n}', "/x/config.json"),
    ConfigError,
  );
  assertEquals(err.code, "jsonc_syntax");
  assertEquals(
    err.message,
    "invalid JSON in /x/config.json:3:3: expected a comma; fix the file and try again",
  );
});

Deno.test("tryParseJsonc reports empty text and trailing garbage", async () => {
  const empty = await tryParseJsonc("");
  assertEquals(!empty.ok && empty.problems[0].message, "expected a value");
  const extra = await tryParseJsonc('{"a": 1} x');
  assertEquals(!extra.ok && [extra.problems[0].line, extra.problems[0].column], [1, 10]);
});

Deno.test("setting an existing value changes only that value", async () => {
  const text = '{\n  "name": "x", // who\n  "enabled": true /* on */,\n  "z": 1\n}\n';
  assertEquals(
    await setJsoncProperty(text, ["enabled"], false),
    '{\n  "name": "x", // who\n  "enabled": false /* on */,\n  "z": 1\n}\n',
  );
});

Deno.test("a new property copies the last one's indentation and comma style", async () => {
  const cases: [string, string][] = [
    [
      '{\n    "a": 1 // one\n}\n',
      '{\n    "a": 1, // one\n    "enabled": false\n}\n',
    ],
    [
      '{\n\t"a": [\n\t\t1\n\t],\n}\n',
      '{\n\t"a": [\n\t\t1\n\t],\n\t"enabled": false,\n}\n',
    ],
    ['{"a":1}', '{"a":1, "enabled": false}'],
    ['{ "a": 1, }', '{ "a": 1, "enabled": false, }'],
    ['{\r\n  "a": 1\r\n}\r\n', '{\r\n  "a": 1,\r\n  "enabled": false\r\n}\r\n'],
  ];
  for (const [before, after] of cases) {
    assertEquals(await setJsoncProperty(before, ["enabled"], false), after);
  }
});

Deno.test("an edit that would not take effect is refused", async () => {
  const err = await assertRejects(
    () => setJsoncProperty('{"enabled": true, "enabled": true}', ["enabled"], false, "m.json"),
    ConfigError,
  );
  assertEquals(err.code, "jsonc_edit");
  await assertRejects(() => setJsoncProperty("{,", ["a"], 1, "m.json"), ConfigError);
});

Deno.test("plain JSON and JSONC read alike, so the fast path never changes a value", async () => {
  const values = ['{"a": [1, 2.5, "x"], "b": {"c": null}}', "[]", '"s"', "0", '{"a":1,"a":2}'];
  for (const text of values) {
    const jsonc = await import("../../src/jsonc/jsonc.ts");
    assertEquals(await tryParseJsonc(text), jsonc.tryParseJsonc(text), text);
  }
});
