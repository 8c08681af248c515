/** Interactive mode's adapter (src/modes/interactive.ts): the real Agent behind the TUI. */

import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { FakeProvider, hangAfter, say, usage } from "../support/fake_provider.ts";
import { Agent } from "../../src/agent/mod.ts";
import { ExtensionBus, type ModeContext, type SlashHost } from "../../src/modes/context.ts";
import {
  interactiveController,
  keylessProvider,
  PanelBus,
  reloadText,
  toOutcome,
} from "../../src/modes/interactive.ts";
import { ChatApp } from "../../src/tui/mod.ts";
import { ProviderError } from "../../src/errors/mod.ts";
import { VirtualTerminal, waitForScreen, waitForText } from "./support/virtual_terminal.ts";

function context(provider: FakeProvider | ReturnType<typeof keylessProvider>, slash?: SlashHost) {
  const agent = new Agent({ provider, model: "m-1", system: "sys", cwd: Deno.cwd() });
  const bus = new ExtensionBus();
  const ctx: ModeContext = {
    agent,
    bus,
    slash: slash ?? { commands: () => [], invoke: () => Promise.reject(new Error("none")) },
    output: { out: () => {}, err: () => {} },
    version: "0.0.0-test",
    models: () => [{
      id: "m-1",
      provider: provider.name,
      contextWindow: 1000,
      maxOutput: 100,
      reasoning: false,
    }],
  };
  return { agent, bus, ctx };
}

async function start(opts: Parameters<typeof interactiveController>[0]) {
  const vt = new VirtualTerminal(90, 26);
  const app = new ChatApp(interactiveController(opts), { terminal: vt, color: false });
  const running = app.run();
  await waitForText(vt, "type a message");
  return {
    vt,
    app,
    waitFor: (t: string) => waitForText(vt, t),
    until: (p: (s: string) => boolean) => waitForScreen(vt, p),
    close: async () => {
      app.requestExit();
      await running;
      await vt.flush();
      vt.dispose();
    },
  };
}

Deno.test("interactive: a prompt runs on the real agent; notify and submit from the bus show up", async () => {
  const provider = new FakeProvider([
    say("first answer", usage(500, 20)),
    say("from the extension"),
  ]);
  const { bus, ctx } = context(provider);
  const h = await start({ ctx, credentials: { ok: true }, color: false });
  try {
    await h.waitFor("fake/m-1");
    h.vt.send("hi agent\r");
    await h.waitFor("first answer");
    await h.waitFor("ctx 52%");
    bus.notify({ extension: "wx", level: "info", message: "hello from wx" });
    await h.waitFor("[wx] hello from wx");
    bus.submit({ extension: "wx", text: "auto prompt" });
    await h.waitFor("from the extension");
    assertIncludes(h.vt.viewport().join("\n"), "❯ auto prompt");
    assertEquals(provider.requests.length, 2);
  } finally {
    await h.close();
  }
});

Deno.test("interactive: Esc cancels the agent's turn", async () => {
  const provider = new FakeProvider([hangAfter(["partial "]), say("next one")]);
  const { ctx, agent } = context(provider);
  const h = await start({ ctx, credentials: { ok: true }, color: false });
  try {
    h.vt.send("go\r");
    await h.waitFor("partial");
    h.vt.send("\x1b");
    await h.until(() => !agent.busy && !h.app.flow.busy);
    h.vt.send("again\r");
    await h.waitFor("next one");
  } finally {
    await h.close();
  }
});

Deno.test("interactive: command outcomes and panels go through the slash host and the panel port", async () => {
  const sent: string[] = [];
  const panelBus = new PanelBus();
  const slash: SlashHost = {
    commands: () => [
      { name: "board", description: "panel", extension: "kb" },
      { name: "gone", description: "exited", extension: "kb", running: false },
    ],
    invoke: (name) =>
      name === "board"
        ? Promise.resolve({
          extension: "kb",
          command: "board",
          action: "noop",
          openPanel: { id: "p", title: "KB", lines: ["row one"] },
        } as never)
        : Promise.reject(new Error("extension kb is not running")),
  };
  const { ctx } = context(new FakeProvider([]), slash);
  const h = await start({
    ctx,
    panelBus,
    panels: {
      sendPanelKey: (e, id, k, t) => (sent.push(`key ${e} ${id} ${k} ${t ?? ""}`.trim()), true),
      sendPanelClose: (e, id) => (sent.push(`close ${e} ${id}`), true),
      sendPanelResize: (e, id, w, hh) => (sent.push(`resize ${e} ${id} ${w}x${hh}`), true),
    },
    credentials: { ok: true },
    color: false,
  });
  try {
    h.vt.send("/");
    await h.waitFor("/help ");
    h.vt.send("\x1b[A"); // the popup shows 10 rows; Up wraps to the extension commands
    const popup = await h.waitFor("/board");
    assert.ok(!popup.includes("/gone"), "commands of exited extensions are not offered");
    h.vt.send("\x1b");
    await h.until((s) => !s.includes("/board"));
    h.app.editor.setText("");
    h.vt.send("/board\r");
    await h.waitFor("│ row one");
    panelBus.render({ extension: "kb", panelId: "p", lines: ["row two"] });
    await h.waitFor("│ row two");
    h.vt.send("j");
    await h.until(() => sent.includes("key kb p rune j"));
    h.vt.send("\x1b");
    await h.until((s) => !s.includes("row two"));
    assert.ok(sent.includes("close kb p") && sent.some((s) => s.startsWith("resize kb p 86x")));
    h.vt.send("/gone\r");
    await h.waitFor("unknown command /gone");
  } finally {
    await h.close();
  }
});

Deno.test("interactive: without a key the TUI opens, says how to set one, and a prompt shows the error", async () => {
  const err = new ProviderError(
    "missing_api_key",
    "no API key for anthropic; set ANTHROPIC_API_KEY",
  );
  const provider = keylessProvider("anthropic", {
    id: "m-1",
    provider: "anthropic",
    contextWindow: 1000,
    maxOutput: 100,
    reasoning: false,
  } as never, err);
  const { ctx } = context(provider as never);
  const h = await start({
    ctx,
    credentials: { ok: false, hint: "set ANTHROPIC_API_KEY" },
    color: false,
  });
  try {
    await h.waitFor("no API key for anthropic: set ANTHROPIC_API_KEY");
    h.vt.send("hello\r");
    await h.until((s) => s.split("no API key for anthropic").length > 2);
  } finally {
    await h.close();
  }
});

Deno.test("toOutcome maps the host's answers; reloadText reads like the original", () => {
  assertEquals(toOutcome({ extension: "e", action: "insert", insert: "x" }), {
    action: "insert",
    text: "x",
  });
  assertEquals(toOutcome({ extension: "e", action: "prompt", prompt: "p", error: "bad" }), {
    action: "error",
    message: "bad",
  });
  assertEquals(toOutcome({ extension: "e", action: "weird" }), {
    action: "error",
    message: 'unknown action "weird"',
  });
  assertEquals(
    reloadText({ stopped: 2, loaded: 3, ready: 2, refused: 0 }),
    "reloaded: 2 stopped, 3 loaded (2 ready)",
  );
  assertEquals(
    reloadText({ stopped: 0, loaded: 1, ready: 1, refused: 1, errors: ["x"] }),
    "reloaded: 0 stopped, 1 loaded (1 ready), 2 errors",
  );
});
