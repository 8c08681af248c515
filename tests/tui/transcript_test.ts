import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { Transcript } from "../../src/tui/transcript.ts";
import { createTheme } from "../../src/tui/theme.ts";
import { createHighlighter } from "../../src/tui/highlight.ts";
import { visibleWidth } from "../../src/tui/layout.ts";
import { COLLAPSED_RESULT_LINES } from "../../src/tui/tool_view.ts";

// deno-lint-ignore no-control-regex -- stripping SGR to compare text
const strip = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, "");

function themed(color: boolean) {
  let theme = createTheme(color);
  theme = createTheme(color, createHighlighter(() => theme));
  return theme;
}

Deno.test("streamed text, thinking and a tool call render in order", () => {
  const t = new Transcript(themed(false));
  t.addUser("list files");
  t.apply({ type: "assistant_start" });
  t.apply({ type: "thinking_delta", delta: "let me look" });
  t.apply({ type: "text_delta", delta: "Sure, **running** ls." });
  t.apply({ type: "tool_use_start", id: "c1", name: "bash" });
  t.apply({ type: "tool_call", id: "c1", name: "bash", args: { command: "ls -la" } });
  t.apply({
    type: "tool_result",
    id: "c1",
    name: "bash",
    isError: false,
    content: [{ type: "text", text: "a.txt\nb.txt" }],
  });
  const text = t.render(60).join("\n");
  const order = [
    "❯ list files",
    "let me look",
    "Sure, running ls.",
    "✓ bash ls -la",
    "a.txt",
    "b.txt",
  ];
  let at = -1;
  for (const frag of order) {
    const i = text.indexOf(frag);
    assert.ok(i > at, `${frag} out of order in:\n${text}`);
    at = i;
  }
});

Deno.test("long tool results collapse to a few lines and ctrl+o's expanded mode shows them all", () => {
  const t = new Transcript(themed(false));
  t.apply({ type: "assistant_start" });
  t.apply({ type: "tool_call", id: "c1", name: "read", args: { path: "big.txt" } });
  const body = Array.from({ length: 40 }, (_, i) => `line ${i}`).join("\n");
  t.apply({
    type: "tool_result",
    id: "c1",
    name: "read",
    isError: false,
    content: [{ type: "text", text: body }],
  });
  const collapsed = t.render(60).join("\n");
  assertIncludes(collapsed, `line ${COLLAPSED_RESULT_LINES - 1}`);
  assert.ok(!collapsed.includes(`line ${COLLAPSED_RESULT_LINES}\n`), collapsed);
  assertIncludes(collapsed, `… ${40 - COLLAPSED_RESULT_LINES} more lines`);
  t.expanded = true;
  assertIncludes(t.render(60).join("\n"), "line 39");
});

Deno.test("a long one-line tool result collapses by screen rows, not by source lines", () => {
  const t = new Transcript(themed(false));
  t.apply({ type: "assistant_start" });
  t.apply({ type: "tool_call", id: "c1", name: "read", args: { path: "min.js" } });
  const minified = "x".repeat(5000);
  t.apply({
    type: "tool_result",
    id: "c1",
    name: "read",
    isError: false,
    content: [{ type: "text", text: `${minified}\nsecond line` }],
  });
  const rows = t.render(60).filter((l) => l.includes("xxx"));
  assertEquals(rows.length, COLLAPSED_RESULT_LINES);
  assertIncludes(t.render(60).join("\n"), "… 1 more line (ctrl+o)");
  t.apply({
    type: "tool_result",
    id: "c1",
    name: "read",
    isError: false,
    content: [{ type: "text", text: minified }],
  });
  assertIncludes(t.render(60).join("\n"), "… rest of the line hidden (ctrl+o)");
  t.expanded = true;
  const all = t.render(60).filter((l) => l.includes("x")).join("").replace(/[^x]/g, "");
  assertEquals(all.length, 5000);
});

Deno.test("thinking is dimmed; answer text is not", () => {
  const t = new Transcript(themed(true));
  t.apply({ type: "assistant_start" });
  t.apply({ type: "thinking_delta", delta: "pondering the question" });
  t.apply({ type: "text_delta", delta: "the answer" });
  const lines = t.render(60);
  const thinking = lines.find((l) => l.includes("pondering")) ?? "";
  const answer = lines.find((l) => l.includes("the answer")) ?? "";
  assertIncludes(thinking, "\x1b[2m");
  assert.ok(!answer.includes("\x1b[2m"), JSON.stringify(answer));
});

Deno.test("failed and blocked tools are marked", () => {
  const t = new Transcript(themed(false));
  t.apply({ type: "assistant_start" });
  t.apply({ type: "tool_call", id: "c1", name: "bash", args: { command: "rm -rf /" } });
  t.apply({
    type: "tool_result",
    id: "c1",
    name: "bash",
    isError: true,
    blockedBy: "guard",
    content: [{ type: "text", text: "refused" }],
  });
  const text = t.render(60).join("\n");
  assertIncludes(text, "✗ bash rm -rf /");
  assertIncludes(text, "blocked by guard");
});

Deno.test("code blocks are highlighted when colour is on and plain when off", () => {
  const md = '```ts\nconst x = "hi"; // note\n```';
  const on = new Transcript(themed(true));
  on.apply({ type: "assistant_start" });
  on.apply({ type: "text_delta", delta: md });
  const colored = on.render(60).join("\n");
  assertIncludes(colored, "\x1b[35mconst\x1b[39m");
  assertIncludes(colored, '\x1b[32m"hi"\x1b[39m');
  const off = new Transcript(themed(false));
  off.apply({ type: "assistant_start" });
  off.apply({ type: "text_delta", delta: md });
  const plain = off.render(60).join("\n");
  // deno-lint-ignore no-control-regex -- asserting there is no escape at all
  assert.ok(!/\x1b/.test(plain), JSON.stringify(plain));
  assertIncludes(plain, 'const x = "hi"; // note');
});

Deno.test("wide characters wrap within the width (CJK and emoji are two columns)", () => {
  const t = new Transcript(themed(false));
  const text = "你好世界".repeat(10) + " 😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀";
  t.addUser(text);
  t.apply({ type: "assistant_start" });
  t.apply({ type: "text_delta", delta: text });
  for (const width of [10, 17, 33]) {
    const lines = t.render(width);
    for (const l of lines) {
      assert.ok(visibleWidth(l) <= width, `${visibleWidth(l)} > ${width}: ${l}`);
    }
    const joined = lines.map((l) => strip(l).replace(/^❯? +/, "").trimEnd()).join("");
    assertIncludes(joined, "你好世界你好世界");
  }
});

Deno.test("extension text in the transcript is sanitised", () => {
  const t = new Transcript(themed(false));
  t.apply({ type: "ext_display", extension: "evil", text: "hi\x1b]0;pwned\x07\x1b[2J there" });
  t.apply({ type: "assistant_start" });
  t.apply({ type: "text_delta", delta: "model \x1b[31mred\x1b[0m" });
  const text = t.render(60).join("\n");
  assertIncludes(text, "[evil] hi there");
  assertIncludes(text, "model red");
  assert.ok(!text.includes("pwned") && !text.includes("\x1b"), JSON.stringify(text));
});

Deno.test("the final assistant message replaces streamed text (an extension may rewrite it)", () => {
  const t = new Transcript(themed(false));
  t.apply({ type: "assistant_start" });
  t.apply({ type: "text_delta", delta: "draft" });
  t.apply({
    type: "assistant_message",
    message: { role: "assistant", content: [{ type: "text", text: "final" }], time: "" },
  });
  const text = t.render(40).join("\n");
  assertIncludes(text, "final");
  assert.ok(!text.includes("draft"));
});

Deno.test("a resumed session's messages load, with tool results attached", () => {
  const t = new Transcript(themed(false));
  t.load([
    { role: "user", content: [{ type: "text", text: "earlier question" }], time: "" },
    {
      role: "assistant",
      content: [
        { type: "text", text: "earlier answer" },
        { type: "tool_call", id: "x", name: "read", args: { path: "f.ts" } },
      ],
      time: "",
    },
    {
      role: "tool",
      content: [{
        type: "tool_result",
        callId: "x",
        isError: false,
        content: [{ type: "text", text: "file body" }],
      }],
      time: "",
    },
  ]);
  const text = t.render(60).join("\n");
  for (const f of ["earlier question", "earlier answer", "✓ read f.ts", "file body"]) {
    assertIncludes(text, f);
  }
  assertEquals(t.length, 2);
});
