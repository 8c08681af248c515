import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { startHarness } from "./support/harness.ts";
import { ChatApp } from "../../src/tui/mod.ts";
import { ScriptedController } from "./support/scripted_controller.ts";
import { VirtualTerminal, waitForText } from "./support/virtual_terminal.ts";

Deno.test("a typed prompt shows as the user's turn and the streamed answer follows", async () => {
  const h = await startHarness();
  try {
    h.type("hello there");
    h.type("\r");
    const screen = await h.waitFor("echo: hello there");
    assertIncludes(screen, "❯ hello there");
    assertEquals(h.ctl.submitted, ["hello there"]);
    await h.waitUntil((s) => s.includes("$0.0015"));
  } finally {
    await h.close();
  }
  assert.ok(h.ctl.closed, "controller closed on exit");
});

Deno.test("the positional prompt pre-fills the editor without sending it", async () => {
  const vt = new VirtualTerminal(60, 12);
  const ctl = new ScriptedController();
  const app = new ChatApp(ctl, { terminal: vt, color: false, initialText: "fix the build" });
  const running = app.run();
  try {
    await waitForText(vt, "fix the build");
    assertEquals(ctl.submitted, []);
    vt.send("\r");
    await waitForText(vt, "echo: fix the build");
  } finally {
    app.requestExit();
    await running;
    await vt.flush();
    vt.dispose();
  }
});
