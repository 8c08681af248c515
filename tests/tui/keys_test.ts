import { assertEquals } from "../support/assert.ts";
import { panelKeys } from "../../src/tui/keys.ts";

Deno.test("panelKeys names keys as the original does", () => {
  const cases: [string, string][] = [
    ["\x1b[A", "up"],
    ["\x1b[B", "down"],
    ["\x1b[C", "right"],
    ["\x1b[D", "left"],
    ["\r", "enter"],
    ["\x1b", "esc"],
    ["\t", "tab"],
    ["\x7f", "backspace"],
    ["\x1b[3~", "delete"],
    ["\x1b[H", "home"],
    ["\x1b[F", "end"],
    ["\x1b[5~", "pageup"],
    ["\x1b[6~", "pagedown"],
  ];
  for (const [data, key] of cases) assertEquals(panelKeys(data), [{ key }], JSON.stringify(data));
});

Deno.test("panelKeys sends printable characters as runes with their text", () => {
  assertEquals(panelKeys("q"), [{ key: "rune", text: "q" }]);
  assertEquals(panelKeys(" "), [{ key: "rune", text: " " }]);
  assertEquals(panelKeys("你"), [{ key: "rune", text: "你" }]);
  assertEquals(panelKeys("ab"), [{ key: "rune", text: "a" }, { key: "rune", text: "b" }]);
});

Deno.test("panelKeys turns a bracketed paste into runes and unknown sequences into unknown", () => {
  assertEquals(panelKeys("\x1b[200~hi\n\x1b[201~"), [
    { key: "rune", text: "h" },
    { key: "rune", text: "i" },
  ]);
  assertEquals(panelKeys("\x1b[15~"), [{ key: "unknown" }]);
  assertEquals(panelKeys("\x01"), [{ key: "unknown" }]);
});
