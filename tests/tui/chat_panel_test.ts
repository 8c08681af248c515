import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { startHarness } from "./support/harness.ts";
import { ScriptedController } from "./support/scripted_controller.ts";

function panelController(): ScriptedController {
  const ctl = new ScriptedController();
  ctl.extCommands = [{ name: "board", description: "a panel", extension: "kanban" }];
  ctl.outcomes.set("board", () => ({
    action: "open_panel",
    extension: "kanban",
    panel: { id: "p1", title: "Board", lines: ["todo: one", "doing: two"], footer: "q to quit" },
  }));
  return ctl;
}

Deno.test("open_panel draws a framed panel; panel_render updates it; keys go to the extension", async () => {
  const ctl = panelController();
  const h = await startHarness(ctl);
  try {
    h.type("/board\r");
    const screen = await h.waitFor("╭─ Board ");
    assertIncludes(screen, "│ todo: one");
    assertIncludes(screen, "q to quit");
    await h.waitUntil(() => ctl.calls.some((c) => c.startsWith("panel_resize:kanban:p1:76x")));
    h.type("\x1b[B");
    h.type("x");
    h.type("\r");
    await h.waitUntil(() => ctl.calls.includes("panel_key:kanban:p1:enter"));
    const keys = ctl.calls.filter((c) => c.startsWith("panel_key"));
    assertEquals(keys, [
      "panel_key:kanban:p1:down",
      "panel_key:kanban:p1:rune:x",
      "panel_key:kanban:p1:enter",
    ]);
    assertEquals(h.app.editor.getText(), "", "keys did not reach the editor");
    ctl.emit({ type: "panel_render", extension: "kanban", panelId: "p1", lines: ["done: all"] });
    await h.waitUntil((s) => s.includes("│ done: all") && !s.includes("todo: one"));
    ctl.emit({ type: "panel_render", extension: "other", panelId: "p1", lines: ["hijack"] });
    h.type("\x1b");
    await h.waitUntil((s) => !s.includes("╭─ Board"));
    assert.ok(ctl.calls.includes("panel_close:kanban:p1"));
    assert.ok(
      !h.vt.viewport().join("\n").includes("hijack"),
      "another extension cannot draw in it",
    );
  } finally {
    await h.close();
  }
});

Deno.test("the extension may close its panel; Ctrl-C closes it too and sends panel_close", async () => {
  const ctl = panelController();
  const h = await startHarness(ctl);
  try {
    h.type("/board\r");
    await h.waitFor("╭─ Board ");
    ctl.emit({ type: "panel_close", extension: "kanban", panelId: "p1" });
    await h.waitUntil((s) => !s.includes("╭─ Board"));
    assert.ok(!ctl.calls.includes("panel_close:kanban:p1"), "no echo of the extension's own close");
    h.type("/board\r");
    await h.waitFor("╭─ Board ");
    h.type("\x03");
    await h.waitUntil((s) => !s.includes("╭─ Board"));
    assert.ok(ctl.calls.includes("panel_close:kanban:p1"));
    assert.ok(!ctl.closed, "Ctrl-C in a panel does not count towards exiting");
  } finally {
    await h.close();
  }
});

Deno.test("panel lines are sanitised of terminal escape sequences", async () => {
  const ctl = new ScriptedController();
  ctl.extCommands = [{ name: "evil", extension: "ev" }];
  ctl.outcomes.set("evil", () => ({
    action: "open_panel",
    extension: "ev",
    panel: {
      id: "e",
      title: "T\x1b]0;owned\x07itle",
      lines: ["\x1b[2J\x1b[Hclean\x1b[31m line", "tab\there"],
      footer: "\x1b[5mfoot",
    },
  }));
  const h = await startHarness(ctl, { color: false });
  try {
    h.type("/evil\r");
    const screen = await h.waitFor("clean line");
    assertIncludes(screen, "╭─ Title ");
    assertIncludes(screen, "tab    here");
    assertIncludes(screen, "foot");
    assert.ok(!h.vt.written.includes("owned") && !h.vt.written.includes("\x1b[2J\x1b[Hclean"));
  } finally {
    await h.close();
  }
});

Deno.test("resizing sends panel_resize with the new drawable size", async () => {
  const ctl = panelController();
  const h = await startHarness(ctl);
  try {
    h.type("/board\r");
    await h.waitFor("╭─ Board ");
    await h.waitUntil(() => ctl.calls.includes("panel_resize:kanban:p1:76x14"));
    h.vt.resize(60, 30);
    await h.waitUntil(() => ctl.calls.includes("panel_resize:kanban:p1:56x20"));
  } finally {
    await h.close();
  }
});
