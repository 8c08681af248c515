import { assertEquals } from "../support/assert.ts";
import { sanitizeLine, sanitizeText } from "../../src/tui/sanitize.ts";

Deno.test("sanitizeText strips CSI, OSC, DCS, APC and single-character escapes", () => {
  assertEquals(sanitizeText("\x1b[31mred\x1b[0m plain"), "red plain");
  assertEquals(sanitizeText("a\x1b]0;evil title\x07b"), "ab");
  assertEquals(sanitizeText("a\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\b"), "alinkb");
  assertEquals(sanitizeText("a\x1bP1$r\x1b\\b"), "ab");
  assertEquals(sanitizeText("a\x1b_pi:c\x07b"), "ab");
  assertEquals(sanitizeText("a\x1bcb"), "ab");
  assertEquals(sanitizeText("a\x9b2Jb"), "ab");
  assertEquals(sanitizeText("cursor\x1b[10;5Hmove\x1b[2J"), "cursormove");
});

Deno.test("sanitizeText drops control characters and bidi overrides, keeps newlines and wide text", () => {
  assertEquals(sanitizeText("a\x07b\x08c\x00d\x7fe"), "abcde");
  assertEquals(sanitizeText("abc\u202edef"), "abcdef");
  assertEquals(sanitizeText("line1\r\nline2\rline3"), "line1\nline2\nline3");
  assertEquals(sanitizeText("a\tb"), "a    b");
  assertEquals(sanitizeText("你好 😀 café"), "你好 😀 café");
});

Deno.test("sanitizeText survives an unterminated escape at the end", () => {
  assertEquals(sanitizeText("ok\x1b["), "ok");
  assertEquals(sanitizeText("ok\x1b]0;never ends"), "ok");
  assertEquals(sanitizeText("ok\x1b"), "ok");
});

Deno.test("sanitizeLine folds newlines into spaces", () => {
  assertEquals(sanitizeLine("a\nb\x1b[1mc"), "a bc");
});
