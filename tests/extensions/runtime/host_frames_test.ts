/** Every frame type, both ways, against real subprocesses in Deno TypeScript, Python and sh. */

import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../../support/assert.ts";
import type {
  ExtensionNotice,
  ExtensionSubmit,
  PanelClose,
  PanelRender,
} from "../../../src/extensions/mod.ts";
import { ZOT_VERSION } from "../../../src/config/mod.ts";
import {
  deferred,
  denoSpec,
  pySpec,
  readJsonLines,
  startHost,
  TempHome,
} from "../../support/ext_host.ts";

Deno.test("hello_ack carries protocol 1, version, provider, model, cwd and absolute dirs", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [denoSpec()]);
  const outcome = await host.invokeCommand("ack", "");
  const ack = JSON.parse(outcome.display ?? "null");
  const dataDir = join(home.paths.extensionData, "deno-tools");
  assertEquals(ack, {
    type: "hello_ack",
    protocol_version: 1,
    zot_version: ZOT_VERSION,
    provider: "anthropic",
    model: "m-1",
    cwd: home.dir,
    extension_dir: host.status()[0].dir,
    data_dir: dataDir,
  });
  assert.ok((await Deno.stat(dataDir)).isDirectory, "data dir is created on demand");
});

Deno.test("commands: prompt with trimmed args, args omitted when empty, insert, noop", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [denoSpec()]);
  assertEquals(await host.invokeCommand("greet", "  Berlin  "), {
    extension: "deno-tools",
    command: "greet",
    action: "prompt",
    prompt: "greet Berlin",
  });
  assertEquals((await host.invokeCommand("show", "   ")).display, "args=null");
  assertEquals((await host.invokeCommand("show", "a b")).display, 'args="a b"');
  assertEquals((await host.invokeCommand("put", "")).insert, "inserted text");
  assertEquals((await host.invokeCommand("quiet", "")).action, "noop");
});

Deno.test("commands: open_panel passes through, error wins, unknown action is an error", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [denoSpec()]);
  assertEquals((await host.invokeCommand("panel", "")).openPanel, {
    id: "p1",
    title: "Todo",
    lines: ["a", "b"],
    footer: "q to quit",
  });
  const oops = await host.invokeCommand("oops", "");
  assertEquals([oops.error, oops.display], ["something failed", "ignored"]);
  const weird = await host.invokeCommand("weird", "");
  assertEquals(weird.action, "noop");
  assertIncludes(weird.error ?? "", 'unknown action "dance"');
});

Deno.test("commands() and tools() list registrations with their extension", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [denoSpec()]);
  const greet = host.commands().find((c) => c.name === "greet");
  assertEquals(greet, {
    name: "greet",
    description: "the greet command",
    extension: "deno-tools",
    running: true,
  });
  const echo = host.tools().find((t) => t.name === "echo");
  assertEquals(echo?.extension, "deno-tools");
  assertEquals(echo?.schema, {
    type: "object",
    properties: { text: { type: "string" } },
    required: ["text"],
  });
  const names = host.tools().map((t) => t.name);
  assertEquals(names, [...names].sort());
});

Deno.test("tool results: text, image, unknown blocks, empty content, is_error", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [denoSpec()]);
  assertEquals(await host.callTool("echo", { text: "hi" }), {
    content: [{ type: "text", text: "hi" }],
    isError: false,
    extension: "deno-tools",
    tool: "echo",
  });
  assertEquals((await host.callTool("image", {})).content, [
    { type: "image", mimeType: "image/png", data: "iVBORw0KGgo=" },
  ]);
  assertEquals((await host.callTool("mixed", {})).content, [
    { type: "text", text: '[unknown block type "audio" from extension deno-tools]' },
    { type: "text", text: "ok" },
  ]);
  assertEquals((await host.callTool("empty", {})).content, [
    { type: "text", text: "(extension returned no content)" },
  ]);
  const failed = await host.callTool("fail", {});
  assertEquals([failed.isError, failed.content], [true, [{ type: "text", text: "it broke" }]]);
});

Deno.test("a broken image block becomes an error result, not a crash", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [pySpec("py-img", {
    startup: [{ type: "register_tool", name: "pic", schema: { type: "object" } }, {
      type: "ready",
    }],
    on: {
      "tool_call:pic": [{
        type: "tool_result",
        id: "$id",
        content: [{ type: "image", mime_type: "image/png", data: "not base64!" }, {
          type: "image",
          data: "AAAA",
        }],
      }],
    },
  })]);
  const result = await host.callTool("pic", {});
  assertEquals(result.isError, true);
  assertEquals(result.content.map((b) => b.type === "text" && b.text), [
    "[image block with invalid base64 data from extension py-img]",
    "[image block without mime_type or data from extension py-img]",
  ]);
});

Deno.test("notify (every level, unknown ones too) and submit reach the callbacks", async () => {
  await using home = await TempHome.create();
  const notices: ExtensionNotice[] = [];
  const submitted = deferred<ExtensionSubmit>();
  await using host = await startHost(home, [denoSpec()], {}, {
    onNotify: (n) => notices.push(n),
    onSubmit: (s) => submitted.resolve(s),
  });
  await host.invokeCommand("push", "");
  assertEquals(await submitted.promise, {
    extension: "deno-tools",
    text: "submitted by extension",
  });
  assertEquals(notices.map((n) => n.level), ["info", "success", "warn", "error", "warning"]);
  assertEquals(notices[4], { extension: "deno-tools", level: "warning", message: "level warning" });
});

Deno.test("panels: keys, resize and close both ways", async () => {
  await using home = await TempHome.create();
  const renders: PanelRender[] = [];
  let rendered = deferred<void>();
  const closed = deferred<PanelClose>();
  const notices: string[] = [];
  const noticed = deferred<void>();
  await using host = await startHost(home, [denoSpec()], {}, {
    onPanelRender: (r) => {
      renders.push(r);
      rendered.resolve();
    },
    onPanelClose: (c) => closed.resolve(c),
    onNotify: (n) => {
      notices.push(n.message);
      noticed.resolve();
    },
  });
  await host.invokeCommand("panel", "");
  assert.ok(host.sendPanelKey("deno-tools", "p1", "down"));
  await rendered.promise;
  rendered = deferred<void>();
  assert.ok(host.sendPanelResize("deno-tools", "p1", 80, 24));
  await rendered.promise;
  assertEquals(renders, [
    { extension: "deno-tools", panelId: "p1", lines: ["key down"] },
    { extension: "deno-tools", panelId: "p1", footer: "80x24" },
  ]);
  assert.ok(host.sendPanelKey("deno-tools", "p1", "q"));
  assertEquals(await closed.promise, { extension: "deno-tools", panelId: "p1" });
  assert.ok(host.sendPanelClose("deno-tools", "p1"));
  await noticed.promise;
  assertEquals(notices, ["panel p1 closed"]);
  assertEquals(host.sendPanelKey("nobody", "p1", "x"), false);
});

Deno.test("subscribe + emit: events reach subscribers with the wire field names", async () => {
  await using home = await TempHome.create();
  const record = join(home.dir, "events.jsonl");
  await using host = await startHost(home, [pySpec("py-events", {
    record,
    startup: [
      {
        type: "subscribe",
        events: ["session_start", "turn_start", "turn_end", "tool_call", "assistant_message"],
      },
      { type: "register_command", name: "sync" },
      { type: "ready" },
    ],
    on: { "command_invoked:sync": [{ type: "command_response", id: "$id", action: "noop" }] },
  })]);
  host.emit({ event: "session_start" });
  host.emit({ event: "turn_start", step: 1 });
  host.emit({ event: "assistant_message", text: "hello" });
  host.emit({ event: "tool_call", toolId: "t1", toolName: "read", toolArgs: { path: "a.ts" } });
  host.emit({ event: "turn_end", stop: "tool_use" });
  host.emit({ event: "turn_end", stop: "error", error: "boom" });
  await host.invokeCommand("sync", "");
  const frames = (await readJsonLines(record)).filter((f) => f.type === "event");
  assertEquals(frames, [
    { type: "event", event: "session_start" },
    { type: "event", event: "turn_start", step: 1 },
    { type: "event", event: "assistant_message", text: "hello" },
    {
      type: "event",
      event: "tool_call",
      tool_id: "t1",
      tool_name: "read",
      tool_args: { path: "a.ts" },
    },
    { type: "event", event: "turn_end", stop: "tool_use" },
    { type: "event", event: "turn_end", stop: "error", error: "boom" },
  ]);
});

Deno.test("shutdown is sent, shutdown_ack is noted in the log, the process exits 0", async () => {
  await using home = await TempHome.create();
  const host = await startHost(home, [denoSpec()]);
  await host.shutdown();
  const [status] = host.status();
  assertEquals([status.state, status.reason], ["exited", "stopped by zot (exited with code 0)"]);
  const log = await home.log("deno-tools");
  assertIncludes(log, "[zot] shutdown acknowledged");
  assert.doesNotMatch(log, /SIGTERM|SIGKILL/);
});

Deno.test("a tool without a schema gets an empty object schema, noted in the log", async () => {
  await using home = await TempHome.create();
  const host = await startHost(home, [pySpec("bare-tool", {
    startup: [{ type: "register_tool", name: "ping", description: "no args" }, { type: "ready" }],
  })]);
  assertEquals(host.tools(), [{
    name: "ping",
    description: "no args",
    schema: { type: "object", properties: {} },
    extension: "bare-tool",
  }]);
  await host.shutdown();
  assertIncludes(
    await home.log("bare-tool"),
    '[zot] tool "ping" has no schema; using an empty object schema',
  );
});
