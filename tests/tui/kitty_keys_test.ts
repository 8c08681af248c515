/**
 * Terminals speaking the Kitty keyboard protocol (kitty, ghostty, WezTerm, foot) report
 * key releases too, because pi-tui asks for event types (`CSI > 7 u`). Only presses may act.
 */

import { assert, assertEquals } from "../support/assert.ts";
import { startHarness } from "./support/harness.ts";
import { ScriptedController, type Step } from "./support/scripted_controller.ts";

// Press and release, as a Kitty-protocol terminal sends them.
const CTRL_C = ["\x1b[99;5u", "\x1b[99;5:3u"];
const ESC = ["\x1b[27u", "\x1b[27;1:3u"];
const DOWN = ["\x1b[1;1:1B", "\x1b[1;1:3B"];

function held() {
  const gate = Promise.withResolvers<void>();
  const ctl = new ScriptedController((): Step[] => [{ text: "streaming on" }, {
    wait: gate.promise,
  }]);
  return { ctl, release: () => gate.resolve() };
}

Deno.test("kitty keys: one Ctrl-C press and release only warns; a second press exits", async () => {
  let now = 1000;
  const h = await startHarness(new ScriptedController(), { now: () => now });
  try {
    for (const k of CTRL_C) h.type(k);
    await h.waitFor("press ctrl+c again to exit");
    now += 300;
    await h.vt.flush();
    assert.ok(!h.ctl.closed, "a single Ctrl-C (press + release) exited");
    h.type(CTRL_C[0]);
    await h.waitUntil(() => h.ctl.closed);
  } finally {
    await h.close();
  }
});

Deno.test("kitty keys: Esc closing the popup while busy does not also cancel the turn", async () => {
  const { ctl, release } = held();
  const h = await startHarness(ctl);
  try {
    h.type("go\r");
    await h.waitFor("streaming on");
    h.type("/");
    await h.waitFor("/help");
    for (const k of ESC) h.type(k);
    await h.waitUntil((s) => !s.includes("/help"));
    await h.vt.flush();
    assert.ok(!ctl.calls.includes("cancel") && h.app.flow.busy, ctl.calls.join());
  } finally {
    release();
    await h.close();
  }
});

Deno.test("kitty keys: a panel gets each key once; Esc closing it does not cancel the turn", async () => {
  const { ctl, release } = held();
  ctl.extCommands = [{ name: "board", extension: "kb" }];
  ctl.outcomes.set("board", () => ({
    action: "open_panel",
    extension: "kb",
    panel: { id: "p", title: "Board", lines: ["row"] },
  }));
  const h = await startHarness(ctl);
  try {
    h.type("go\r");
    await h.waitFor("streaming on");
    h.type("/board\r");
    await h.waitFor("╭─ Board");
    for (const k of DOWN) h.type(k);
    h.type("x");
    await h.waitUntil(() => ctl.calls.includes("panel_key:kb:p:rune:x"));
    assertEquals(ctl.calls.filter((c) => c.startsWith("panel_key")), [
      "panel_key:kb:p:down",
      "panel_key:kb:p:rune:x",
    ]);
    for (const k of ESC) h.type(k);
    await h.waitUntil((s) => !s.includes("╭─ Board"));
    await h.vt.flush();
    assert.ok(!ctl.calls.includes("cancel") && h.app.flow.busy, ctl.calls.join());
  } finally {
    release();
    await h.close();
  }
});

Deno.test("kitty keys: Down in the /model picker moves one row", async () => {
  const ctl = new ScriptedController();
  ctl.modelList = [{ id: "m-a" }, { id: "m-b" }, { id: "m-c" }];
  ctl.info = { ...ctl.info, model: "m-a" };
  const h = await startHarness(ctl);
  try {
    h.type("/model\r");
    await h.waitFor("→ m-a");
    for (const k of DOWN) h.type(k);
    await h.waitFor("→ m-b");
    await h.vt.flush();
    assert.ok(h.vt.viewport().join("\n").includes("→ m-b"));
  } finally {
    await h.close();
  }
});
