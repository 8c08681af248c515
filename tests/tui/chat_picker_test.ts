/** The /model and /sessions pickers (pi-tui's SelectList) on the virtual terminal. */

import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import type { Message } from "../../src/messages/mod.ts";
import { startHarness } from "./support/harness.ts";
import { ScriptedController, type Step } from "./support/scripted_controller.ts";

const DOWN = "\x1b[B";
const UP = "\x1b[A";

function withModels(): ScriptedController {
  const ctl = new ScriptedController();
  ctl.modelList = [
    { id: "claude-fast", contextWindow: 100000 },
    { id: "claude-test", contextWindow: 200000 },
    { id: "claude-big", contextWindow: 1000000 },
  ];
  return ctl;
}

Deno.test("/model opens a picker at the current model; Enter switches to the chosen one", async () => {
  const ctl = withModels();
  const h = await startHarness(ctl);
  try {
    h.type("/model\r");
    const screen = await h.waitFor("choose a model (anthropic)");
    for (const id of ["claude-fast", "claude-test (current)", "claude-big", "1000.0k context"]) {
      assertIncludes(screen, id);
    }
    assert.ok(screen.includes("→ claude-test (current)"), `current model highlighted:\n${screen}`);
    assert.ok(!ctl.calls.some((c) => c.startsWith("model:")), "opening does not switch");
    h.type(DOWN);
    await h.waitFor("→ claude-big");
    h.type("\r");
    const after = await h.waitUntil((s) =>
      s.includes("anthropic/claude-big") && !s.includes("choose a model")
    );
    assertIncludes(after, "model: claude-big");
    assertEquals(ctl.calls.filter((c) => c.startsWith("model:")), ["model:claude-big"]);
    // The editor has the keys again.
    h.type("hello\r");
    await h.waitFor("echo: hello");
  } finally {
    await h.close();
  }
});

Deno.test("Esc (or Ctrl-C) closes the /model picker without switching or arming exit", async () => {
  const ctl = withModels();
  const h = await startHarness(ctl);
  try {
    h.type("/model\r");
    await h.waitFor("choose a model");
    h.type(UP);
    await h.waitFor("→ claude-fast");
    h.type("\x1b");
    await h.waitUntil((s) => !s.includes("choose a model"));
    h.type("/model\r");
    await h.waitFor("choose a model");
    h.type("\x03");
    await h.waitUntil((s) => !s.includes("choose a model"));
    assert.ok(!h.vt.viewport().join("\n").includes("press ctrl+c again"));
    assertEquals(ctl.calls.filter((c) => c.startsWith("model:")), []);
    assertIncludes(h.vt.viewport().join("\n"), "anthropic/claude-test");
    assert.ok(!ctl.closed);
  } finally {
    await h.close();
  }
});

Deno.test("/model <id> still switches directly; no models known says how to switch", async () => {
  const ctl = withModels();
  const h = await startHarness(ctl);
  try {
    h.type("/model claude-fast\r");
    await h.waitFor("anthropic/claude-fast");
    ctl.modelList = [];
    h.type("/model\r");
    await h.waitFor("no models known for anthropic; use /model <id>");
  } finally {
    await h.close();
  }
});

Deno.test("/model while busy: the picker opens without cancelling; choosing cancels, then switches", async () => {
  const gate = Promise.withResolvers<void>();
  const ctl = new ScriptedController((): Step[] => [{ text: "long answer" }, {
    wait: gate.promise,
  }]);
  ctl.modelList = [{ id: "claude-test" }, { id: "claude-big" }];
  const h = await startHarness(ctl);
  try {
    h.type("go\r");
    await h.waitFor("long answer");
    h.type("/model\r");
    await h.waitFor("choose a model");
    assert.ok(!ctl.calls.includes("cancel") && h.app.flow.busy, "the turn still runs");
    h.type(DOWN + "\r");
    await h.waitFor("anthropic/claude-big");
    const cancel = ctl.calls.indexOf("cancel");
    assert.ok(cancel >= 0 && cancel < ctl.calls.indexOf("model:claude-big"), ctl.calls.join());
    assert.ok(!h.app.flow.busy);
  } finally {
    gate.resolve();
    await h.close();
  }
});

const older: Message[] = [
  { role: "user", content: [{ type: "text", text: "how do I parse toml" }], time: "" },
  {
    role: "assistant",
    content: [{ type: "text", text: "use a parser, say smol-toml" }],
    time: "",
  },
];

function withSessions(): ScriptedController {
  const ctl = new ScriptedController();
  ctl.sessionList = [
    {
      path: "/s/b.jsonl",
      updated: "2026-05-06T09:15:00.000Z",
      model: "claude-test",
      messageCount: 4,
      firstPrompt: "fix the \x1b[31mflaky\x1b[0m test",
      costUsd: 0.0123,
      current: true,
    },
    {
      path: "/s/a.jsonl",
      updated: "2026-05-05T18:02:00.000Z",
      model: "claude-big",
      messageCount: 2,
      firstPrompt: "how do I parse toml",
      costUsd: 0.5,
      current: false,
    },
  ];
  ctl.savedSessions.set("/s/a.jsonl", older);
  return ctl;
}

Deno.test("/sessions lists this folder's sessions: time, model, messages, cost, first prompt", async () => {
  const ctl = withSessions();
  const h = await startHarness(ctl, { cols: 120 });
  try {
    h.type("/sessions\r");
    const screen = await h.waitFor("resume a session");
    const lines = screen.split("\n");
    const row = (s: string) => lines.find((l) => l.includes(s)) ?? "";
    assertIncludes(row("2026-05-06 09:15"), "claude-test  4 msgs  $0.0123 *");
    assertIncludes(row("2026-05-06 09:15"), "fix the flaky test");
    assertIncludes(row("2026-05-05 18:02"), "claude-big  2 msgs  $0.5000");
    assertIncludes(row("2026-05-05 18:02"), "how do I parse toml");
    assert.ok(!h.vt.written.includes("\x1b[31mflaky"), "prompts are sanitised");
    h.type("\x1b");
    await h.waitUntil((s) => !s.includes("resume a session"));
    assert.ok(!ctl.calls.some((c) => c.startsWith("resume:")));
  } finally {
    await h.close();
  }
});

Deno.test("choosing a session resumes it into the transcript and the status bar", async () => {
  const ctl = withSessions();
  ctl.info = { ...ctl.info, costUsd: 0.5, contextTokens: 50000 };
  const h = await startHarness(ctl, { cols: 120 });
  try {
    h.type("before resume\r");
    await h.waitFor("echo: before resume");
    h.type("/sessions\r");
    await h.waitFor("→ 2026-05-06");
    h.type(DOWN + "\r");
    const screen = await h.waitFor("resumed /s/a.jsonl");
    assertIncludes(screen, "how do I parse toml");
    assertIncludes(screen, "use a parser, say smol-toml");
    assert.ok(!screen.includes("before resume"), `old conversation gone:\n${screen}`);
    assertIncludes(screen, "ctx 25% · $0.5000");
    assertEquals(ctl.calls.filter((c) => c.startsWith("resume:")), ["resume:/s/a.jsonl"]);
    // The next turn continues it, and its cost adds to the resumed session's.
    h.type("and yaml?\r");
    await h.waitFor("echo: and yaml?");
    await h.waitFor("$0.5015");
  } finally {
    await h.close();
  }
});

Deno.test("/sessions: nothing saved, or a failed resume, says so", async () => {
  const ctl = withSessions();
  ctl.savedSessions.clear();
  const h = await startHarness(ctl, { cols: 120 });
  try {
    h.type("/sessions\r");
    await h.waitFor("resume a session");
    h.type(DOWN + "\r");
    await h.waitFor("no session /s/a.jsonl");
    ctl.sessionList = [];
    h.type("/sessions\r");
    await h.waitFor("no saved sessions in this folder yet");
    ctl.sessionList = { text: "sessions are not saved in this run" };
    h.type("/sessions\r");
    await h.waitFor("sessions are not saved in this run");
  } finally {
    await h.close();
  }
});
