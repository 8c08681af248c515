import { commandsFor } from "../../src/commands/mod.ts";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { startHarness } from "./support/harness.ts";
import { ScriptedController } from "./support/scripted_controller.ts";

function withCommands(): ScriptedController {
  const ctl = new ScriptedController();
  ctl.extCommands = [
    { name: "weather", description: "show the weather", extension: "wx" },
    { name: "deploy", description: "ship it", extension: "ops" },
    { name: "help", description: "shadowed by the built-in", extension: "ops" },
  ];
  ctl.outcomes.set(
    "deploy",
    (args) => ({ action: "insert", text: `deploy --env ${args || "prod"}` }),
  );
  ctl.outcomes.set("weather", () => ({ action: "display", text: "sunny, 21°C" }));
  return ctl;
}

Deno.test("/ opens the popup: built-ins first, then extension commands under a divider, sorted", async () => {
  const h = await startHarness(withCommands());
  try {
    h.type("/");
    const screen = await h.waitFor("/help");
    const lines = screen.split("\n");
    // The registry's interactive built-ins, in its order, fill the first rows (10 show at once).
    const shown = lines.map((l) => /^[ ›] (\/\S+)/.exec(l)?.[1]).filter((n) => n !== undefined);
    const builtins = commandsFor("interactive").map((c) => `/${c.name}`);
    assertEquals(shown, builtins.slice(0, Math.min(builtins.length, 10)));
    assert.ok(!screen.includes("shadowed by the built-in"), "built-in names win");
    // The popup shows 10 rows; up wraps to the last item, which scrolls /weather in below /deploy.
    h.type("\x1b[A");
    const end = await h.waitFor("/weather");
    const endLines = end.split("\n");
    const at = (s: string) => endLines.findIndex((l) => l.includes(s));
    assert.ok(at("/deploy") < at("/weather"), end);
    assert.ok(at("── extensions") < at("/deploy"), "extension commands come under the divider");
    assertIncludes(endLines[at("/weather")], "show the weather (wx)");
    h.type("w");
    await h.waitUntil((s) => !s.includes("/deploy") && s.includes("/weather"));
    h.type("\x1b");
    await h.waitUntil((s) => !s.includes("/weather"));
  } finally {
    await h.close();
  }
});

Deno.test("an extension's insert lands in the editor at the cursor, not sent", async () => {
  const h = await startHarness(withCommands());
  try {
    h.type("/deploy staging");
    h.type("\r");
    await h.waitFor("deploy --env staging");
    assertEquals(h.ctl.submitted, []);
    assertIncludes(h.ctl.calls.join(","), "command:deploy:staging");
    assertEquals(h.app.editor.getText(), "deploy --env staging");
  } finally {
    await h.close();
  }
});

Deno.test("an extension's insert is stripped of escape sequences before it reaches the editor", async () => {
  const ctl = withCommands();
  ctl.outcomes.set(
    "deploy",
    () => ({ action: "insert", text: "\x1b[2Jrm\x1b]0;title\x07 -rf\x00 ok" }),
  );
  const h = await startHarness(ctl);
  try {
    h.type("/deploy");
    h.type("\r");
    await h.waitFor("rm -rf ok");
    assertEquals(h.app.editor.getText(), "rm -rf ok");
  } finally {
    await h.close();
  }
});

Deno.test("display shows a styled note that is not sent to the model", async () => {
  const h = await startHarness(withCommands());
  try {
    h.type("/weather");
    h.type("\r");
    await h.waitFor("│ [wx] sunny, 21°C");
    assertEquals(h.ctl.submitted, []);
  } finally {
    await h.close();
  }
});

Deno.test("Enter in the popup runs the selected command; Tab completes it", async () => {
  const h = await startHarness(withCommands());
  try {
    h.type("/we");
    await h.waitFor("/weather");
    h.type("\t");
    await h.waitUntil(() => h.app.editor.getText() === "/weather ");
    h.type("\x7f"); // backspace: "/weather" reopens the popup
    await h.waitFor("show the weather");
    h.type("\r");
    await h.waitFor("[wx] sunny");
  } finally {
    await h.close();
  }
});

Deno.test("prompt submits a turn; error shows a red status line; noop changes nothing", async () => {
  const ctl = new ScriptedController();
  ctl.extCommands = [
    { name: "ask", extension: "q" },
    { name: "boom", extension: "q" },
    { name: "nothing", extension: "q" },
  ];
  ctl.outcomes.set("ask", () => ({ action: "prompt", text: "what is 2+2" }));
  ctl.outcomes.set("boom", () => ({ action: "error", message: "kaput" }));
  ctl.outcomes.set("nothing", () => ({ action: "noop" }));
  const h = await startHarness(ctl, { color: true });
  try {
    h.type("/ask\r");
    await h.waitFor("echo: what is 2+2");
    h.type("/boom\r");
    await h.waitFor("extension /boom: kaput");
    assertIncludes(h.vt.written, "\x1b[31mextension /boom: kaput");
    const before = h.app.transcript.length;
    h.type("/nothing\r");
    await h.waitUntil(() => h.ctl.calls.includes("command:nothing:"));
    assertEquals(h.app.transcript.length, before);
    h.type("/nosuch\r");
    await h.waitFor("unknown command /nosuch");
  } finally {
    await h.close();
  }
});

Deno.test("a path like /Users/x goes to the model, not to a command", async () => {
  const h = await startHarness();
  try {
    h.type("/Users/x/file.txt\r");
    await h.waitFor("echo: /Users/x/file.txt");
  } finally {
    await h.close();
  }
});

Deno.test("built-ins: /help, /model, /clear, /reload-ext, /exit", async () => {
  const h = await startHarness(withCommands());
  try {
    h.type("/help\r");
    await h.waitFor("ctrl+c twice");
    h.type("/model fast-model\r");
    await h.waitFor("anthropic/fast-model");
    h.type("/clear\r");
    await h.waitUntil((s) => s.includes("conversation cleared") && !s.includes("ctrl+c twice"));
    h.type("/reload-ext\r");
    await h.waitFor("reloaded: 1 stopped, 1 loaded (1 ready)");
    assert.ok(h.ctl.calls.includes("reload") && h.ctl.calls.includes("clear"));
    h.type("/exit\r");
    await h.waitUntil(() => h.ctl.closed);
  } finally {
    await h.close();
  }
});
