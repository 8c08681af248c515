import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { startHarness } from "./support/harness.ts";
import { ScriptedController } from "./support/scripted_controller.ts";
import { runTui } from "../../src/tui/mod.ts";
import { UsageError } from "../../src/errors/mod.ts";
import { assertRejects } from "../support/assert.ts";
import { VirtualTerminal, waitForText } from "./support/virtual_terminal.ts";
import { visibleWidth } from "../../src/tui/layout.ts";

Deno.test("a keystroke rewrites only the changed lines, inside synchronized output", async () => {
  const ctl = new ScriptedController();
  ctl.messages = Array.from({ length: 30 }, (_, i) => ({
    role: "user" as const,
    content: [{ type: "text" as const, text: `old message ${i}` }],
    time: "",
  }));
  const h = await startHarness(ctl);
  try {
    await h.waitFor("type a message");
    const before = h.vt.written.length;
    h.type("z");
    await h.waitUntil(() => h.app.editor.getText() === "z" && h.vt.written.length > before);
    await h.waitFor("z");
    const delta = h.vt.written.slice(before);
    assertIncludes(delta, "\x1b[?2026h");
    assertIncludes(delta, "\x1b[?2026l");
    assert.ok(
      !delta.includes("old message"),
      `unchanged lines were rewritten: ${JSON.stringify(delta)}`,
    );
    assert.ok(!delta.includes("\x1b[2J") && !delta.includes("\x1b[3J"), "no full clear");
    assert.ok(delta.length < 400, `a keystroke wrote ${delta.length} bytes`);
  } finally {
    await h.close();
  }
});

Deno.test("resize re-renders the screen at the new width", async () => {
  const h = await startHarness(new ScriptedController(), { cols: 80, rows: 20 });
  try {
    h.type("a fairly long prompt that will wrap once the terminal gets narrow enough to need it\r");
    await h.waitFor("echo: a fairly long prompt");
    h.vt.resize(40, 20);
    const screen = await h.waitUntil((s) =>
      s.split("\n").some((l) => l.startsWith("─".repeat(40)) && !l.startsWith("─".repeat(41)))
    );
    for (const l of screen.split("\n")) {
      assert.ok(l.length <= 40, `line too wide after resize: ${l}`);
    }
    assertIncludes(screen, "echo: a fairly long");
    assertIncludes(screen, "anthropic/claude-test");
  } finally {
    await h.close();
  }
});

Deno.test("NO_COLOR: no colour escapes are written", async () => {
  const ctl = new ScriptedController((p) => [{ text: "```ts\nconst a = 1;\n```\n**bold** " + p }]);
  ctl.extCommands = [{ name: "x", extension: "e" }];
  const h = await startHarness(ctl, { color: false });
  try {
    h.type("hi\r");
    await h.waitFor("bold hi");
    ctl.emit({ type: "ext_notify", extension: "e", level: "error", message: "bad" });
    await h.waitFor("[e] bad");
    // deno-lint-ignore no-control-regex -- looking for SGR colour codes (30-49, 90-107, 38/48)
    const colour = /\x1b\[(?:[0-9;]*;)?(?:3[0-9]|4[0-9]|9[0-7]|10[0-7])(?:;[0-9;]*)?m/;
    assert.ok(!colour.test(h.vt.written), "a colour escape was written");
  } finally {
    await h.close();
  }
});

Deno.test("editor: backslash+Enter and Shift+Enter add lines; Up recalls history; Ctrl-W deletes a word", async () => {
  const h = await startHarness();
  try {
    h.type("one\\");
    h.type("\r");
    h.type("two");
    h.type("\x1b[13;2u"); // shift+enter as the kitty / modifyOtherKeys terminals send it
    h.type("three");
    await h.waitUntil(() => h.app.editor.getText() === "one\ntwo\nthree");
    h.type("\r");
    await h.waitUntil(() => h.ctl.submitted.length === 1);
    assertEquals(h.ctl.submitted, ["one\ntwo\nthree"]);
    await h.waitFor("echo: one");
    h.type("\x1b[A");
    await h.waitUntil(() => h.app.editor.getText() === "one\ntwo\nthree");
    h.app.editor.setText("");
    h.type("git commit --amend");
    h.type("\x17");
    await h.waitUntil(() => h.app.editor.getText() === "git commit --");
    h.type("\x01X");
    await h.waitUntil(() => h.app.editor.getText() === "Xgit commit --");
  } finally {
    await h.close();
  }
});

Deno.test("editor: shell keys move by word and line, delete words and lines, yank; Down walks history back", async () => {
  const h = await startHarness();
  const text = (t: string) => h.waitUntil(() => h.app.editor.getText() === t);
  try {
    h.type("first\r");
    await h.waitFor("echo: first");
    h.type("second\r");
    await h.waitFor("echo: second");
    h.type("\x1b[A");
    await text("second");
    h.type("\x1b[A");
    await text("first");
    h.type("\x1b[B");
    await text("second");
    h.type("\x1b[B");
    await text("");
    h.type("git commit amend now");
    h.type("\x1bb"); // alt+b: before "now"
    h.type("\x1bb"); // before "amend"
    h.type("\x1bd"); // alt+d: deletes "amend"
    await text("git commit  now");
    h.type("\x05"); // ctrl+e: end of line
    h.type("\x1b\x7f"); // alt+backspace: deletes "now"
    await text("git commit  ");
    h.type("\x01"); // ctrl+a: start
    h.type("\x1bf"); // alt+f: after "git"
    h.type("\x0b"); // ctrl+k: kills to the end
    await text("git");
    h.type("\x19"); // ctrl+y: yanks it back
    await text("git commit  ");
    h.type("\x15"); // ctrl+u: deletes to the start
    await text("");
  } finally {
    await h.close();
  }
});

Deno.test("editor: a large paste collapses to a marker and is sent in full", async () => {
  const h = await startHarness();
  try {
    const body = Array.from({ length: 30 }, (_, i) => `pasted ${i}`).join("\n");
    h.type(`\x1b[200~${body}\x1b[201~`);
    await h.waitFor("[paste #1 +30 lines]");
    h.type("\r");
    await h.waitUntil(() => h.ctl.submitted.length === 1);
    assertEquals(h.ctl.submitted[0], body);
  } finally {
    await h.close();
  }
});

Deno.test("runTui refuses to start without a terminal and says to use -p", async () => {
  const err = await assertRejects(
    () => runTui(new ScriptedController(), { color: false, isTty: false }),
    UsageError,
  );
  assertIncludes(err.message, "needs a terminal");
  assertIncludes(err.message, "zot -p");
});

Deno.test("aborting runTui's signal (SIGTERM) restores the terminal at once and exits", async () => {
  const vt = new VirtualTerminal(60, 12);
  const ctl = new ScriptedController((): never[] => []);
  const abort = new AbortController();
  const running = runTui(ctl, { color: false, terminal: vt, signal: abort.signal });
  await waitForText(vt, "type a message");
  abort.abort();
  assert.ok(vt.written.endsWith("\x1b[?25h"), "cursor shown again synchronously on abort");
  await running;
  assert.ok(ctl.closed);
  await vt.flush();
  vt.dispose();
});

Deno.test("a very narrow terminal still renders every part within its width", async () => {
  const ctl = new ScriptedController((p) => [{ text: "你好 wide 😀 answer to " + p }]);
  ctl.extCommands = [{ name: "board", description: "a long description here", extension: "kb" }];
  ctl.outcomes.set("board", () => ({
    action: "open_panel",
    extension: "kb",
    panel: {
      id: "p",
      title: "A very long panel title",
      lines: ["你好世界你好世界"],
      footer: "foot",
    },
  }));
  const h = await startHarness(ctl, { cols: 30, rows: 20 });
  try {
    h.vt.resize(7, 20);
    h.type("hi 你好\r");
    await h.waitUntil(() => ctl.submitted.length === 1 && !h.app.flow.busy);
    h.type("/");
    await h.waitFor("/hel");
    h.type("board\r");
    await h.waitUntil(() => h.app.flow.panel !== undefined);
    await h.vt.flush();
    const lines = h.app.screen.render(7);
    for (const l of lines) {
      assert.ok(visibleWidth(l) <= 7, `too wide: ${l}`);
    }
  } finally {
    await h.close();
  }
});
