import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { startHarness } from "./support/harness.ts";
import { ScriptedController, type Step } from "./support/scripted_controller.ts";

/** A controller whose first answer streams "thinking about it" and then holds until released. */
function held() {
  const gate = Promise.withResolvers<void>();
  const ctl = new ScriptedController((p): Step[] =>
    p === "first"
      ? [{ text: "thinking about it" }, { wait: gate.promise }, { text: " … done first" }]
      : [{ text: `answer to ${p}` }]
  );
  return { ctl, release: () => gate.resolve() };
}

Deno.test("a notify during streaming shows below the answer, coloured by level", async () => {
  const { ctl, release } = held();
  const h = await startHarness(ctl, { color: true });
  try {
    h.type("first\r");
    await h.waitFor("thinking about it");
    ctl.emit({ type: "ext_notify", extension: "wx", level: "warn", message: "storm coming" });
    const screen = await h.waitFor("[wx] storm coming");
    const lines = screen.split("\n");
    assert.ok(
      lines.findIndex((l) => l.includes("storm coming")) >
        lines.findIndex((l) => l.includes("thinking about it")),
      screen,
    );
    assertIncludes(h.vt.written, "\x1b[33m[wx] storm coming");
    release();
    await h.waitFor("done first");
    await h.waitFor("[wx] storm coming");
  } finally {
    await h.close();
  }
});

Deno.test("Enter while busy queues 'sliding in' and the message runs after the turn", async () => {
  const { ctl, release } = held();
  const h = await startHarness(ctl);
  try {
    h.type("first\r");
    await h.waitFor("thinking about it");
    h.type("second\r");
    await h.waitFor("sliding in: second");
    assertEquals(ctl.submitted, ["first"]);
    release();
    const screen = await h.waitFor("answer to second");
    assert.ok(!screen.includes("sliding in"), screen);
    assertEquals(ctl.submitted, ["first", "second"]);
  } finally {
    await h.close();
  }
});

Deno.test("Esc cancels the turn and drops the queue", async () => {
  const { ctl } = held();
  const h = await startHarness(ctl);
  try {
    h.type("first\r");
    await h.waitFor("thinking about it");
    h.type("second\r");
    await h.waitFor("sliding in: second");
    h.type("\x1b");
    const screen = await h.waitFor("dropped 1 queued message");
    await h.waitUntil((s) => !s.includes("sliding in") && s.includes("cancelled"));
    assertIncludes(screen, "thinking about it");
    assertEquals(ctl.submitted, ["first"]);
    assert.ok(ctl.calls.includes("cancel"));
    assert.ok(!h.app.flow.busy);
  } finally {
    await h.close();
  }
});

Deno.test("slash commands work while busy", async () => {
  const { ctl, release } = held();
  ctl.extCommands = [{ name: "weather", extension: "wx" }];
  ctl.outcomes.set("weather", () => ({ action: "display", text: "sunny" }));
  const h = await startHarness(ctl);
  try {
    h.type("first\r");
    await h.waitFor("thinking about it");
    h.type("/weather\r");
    await h.waitFor("[wx] sunny");
    h.type("/help\r");
    await h.waitFor("ctrl+c twice   exit");
    assert.ok(h.app.flow.busy, "the turn kept running");
    release();
  } finally {
    await h.close();
  }
});

Deno.test("Ctrl-C twice within 2 s exits; once only warns and clears the editor", async () => {
  let now = 10_000;
  const h = await startHarness(new ScriptedController(), { now: () => now });
  try {
    h.type("draft");
    h.type("\x03");
    await h.waitFor("press ctrl+c again to exit");
    assertEquals(h.app.editor.getText(), "");
    now += 2500;
    h.type("\x03");
    await h.waitFor("press ctrl+c again to exit");
    assert.ok(!h.ctl.closed, "2.5 s apart does not exit");
    now += 500;
    h.type("\x03");
    await h.waitUntil(() => h.ctl.closed);
  } finally {
    await h.close();
  }
});

Deno.test("the status bar shows cwd, provider/model, context % and cost, with a spinner while busy", async () => {
  const { ctl, release } = held();
  ctl.info.cwd = "/home/someone/project";
  const h = await startHarness(ctl);
  try {
    h.type("first\r");
    const busy = await h.waitFor("working");
    assert.ok(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] working/.test(busy), busy);
    release();
    const idle = await h.waitUntil((s) => s.includes("$0.0015") && !s.includes("working"));
    const bar = idle.split("\n").find((l) => l.includes("anthropic/claude-test"))!;
    assertIncludes(bar, "/home/someone/project");
    assertIncludes(bar, "ctx 1%");
  } finally {
    await h.close();
  }
});

Deno.test("without credentials the TUI opens and says how to set a key", async () => {
  const ctl = new ScriptedController(undefined, {
    hasCredentials: false,
    credentialHint: "set ANTHROPIC_API_KEY or run zot login",
  });
  const h = await startHarness(ctl);
  try {
    await h.waitFor("no API key for anthropic: set ANTHROPIC_API_KEY or run zot login");
  } finally {
    await h.close();
  }
});
