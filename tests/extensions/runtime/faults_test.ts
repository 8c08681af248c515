/** Faults: crashes, garbage, floods, timeouts, a full stdin. None may crash or stall the host. */

import { DEFAULT_SUPERVISION } from "../../../src/extensions/mod.ts";
import { assert, assertEquals, assertIncludes, assertRejects } from "../../support/assert.ts";
import { CancelledError, ExtensionError, ToolError, ZotError } from "../../../src/errors/mod.ts";
import {
  deferred,
  denoSpec,
  processGone,
  pySpec,
  shSpec,
  startHost,
  TempHome,
} from "../../support/ext_host.ts";

Deno.test("a crash mid-call fails every pending request at once, naming the extension", async () => {
  await using home = await TempHome.create();
  // Quarantined at its first crash: what a dead extension looks like (restarts: supervision tests).
  const host = await startHost(home, [denoSpec()], {
    toolTimeoutMs: 60_000,
    commandTimeoutMs: 60_000,
    supervision: { ...DEFAULT_SUPERVISION, quarantineAfter: 1 },
  });
  const hanging = host.callTool("hang", {});
  const crashing = host.callTool("crash", {});
  const [hang, crash] = await Promise.allSettled([hanging, crashing]);
  for (const outcome of [hang, crash]) {
    assert.ok(outcome.status === "rejected");
    const err = outcome.reason;
    assert.ok(err instanceof ExtensionError, String(err));
    assertEquals([err.code, err.extension], ["ext_quarantined", "deno-tools"]);
    assertIncludes(err.message, 'extension "deno-tools" exited with code 7 while tool call "');
    assertIncludes(err.message, "see: zot ext logs deno-tools");
  }
  const [status] = host.status();
  assertEquals(
    [status.state, status.reason],
    ["quarantined", "exited with code 7; quarantined after 1 crashes within 60 s"],
  );
  // its tools leave the model's list; its commands stay, failing clearly
  assertEquals(host.tools(), []);
  assertEquals(host.commands().find((c) => c.name === "greet")?.running, false);
  const err = await assertRejects(() => host.invokeCommand("greet", ""), ExtensionError);
  assertIncludes(err.message, 'extension "deno-tools" is quarantined (exited with code 7;');
  const toolErr = await assertRejects(() => host.callTool("echo", { text: "x" }), ExtensionError);
  assertEquals(toolErr.code, "ext_quarantined");
  await host.shutdown();
  const log = await home.log("deno-tools");
  assertIncludes(log, "crashing on purpose");
  assertIncludes(log, "[zot] extension deno-tools exited with code 7 at ");
});

Deno.test("garbage on stdout is logged line by line and the extension keeps working", async () => {
  await using home = await TempHome.create();
  const notices: string[] = [];
  const host = await startHost(home, [shSpec("messy", "sh-faults", { FAULT: "garbage" })], {
    maxLineBytes: 4096,
  }, { onNotify: (n) => notices.push(n.message) });
  assertEquals(host.status()[0].state, "ready");
  assertEquals((await host.invokeCommand("survivor", "")).display, "survived");
  assertEquals(notices, ["still alive \u2028 after garbage"]);
  assertEquals(host.tools(), []);
  await host.shutdown();
  const log = await home.log("messy");
  for (
    const line of [
      "[zot] malformed json from extension (not JSON: ",
      '"this is not json"',
      '[zot] malformed json from extension (a frame must be a JSON object): "[1,2,3]"',
      '[zot] unknown frame type "teleport"; ignored',
      "[zot] bad notify frame (message: ",
      "[zot] bad tool_result frame (id: ",
      '[zot] tool_result for unknown id "no-such-id" (late or never asked); dropped',
      '[zot] tool "bad_schema": invalid schema (the top-level "type" must be "object", got "array"); skipped',
      '[zot] tool name "bad name!" is not usable',
      '[zot] subscribe: unknown event "nonsense"; ignored',
      '[zot] subscribe: "turn_end" cannot be intercepted',
      "over the 4096-byte limit; a frame must be one line under the limit",
    ]
  ) assertIncludes(log, line);
  assertEquals(log.includes("xxxxxxxxxx"), false, "the oversized line is not copied into the log");
});

Deno.test("an extension that closes stdout is treated as gone and stopped", async () => {
  await using home = await TempHome.create();
  const gone = deferred<void>();
  const host = await startHost(
    home,
    [shSpec("quitter", "sh-faults", { FAULT: "close-stdout" })],
    { supervision: { ...DEFAULT_SUPERVISION, quarantineAfter: 1 } },
    {
      onStatusChange: (s) => s.state === "quarantined" && gone.resolve(),
    },
  );
  await gone.promise;
  const [status] = host.status();
  assertEquals(
    [status.state, status.reason],
    ["quarantined", "closed its stdout; quarantined after 1 crashes within 60 s"],
  );
  const err = await assertRejects(() => host.invokeCommand("gone", ""), ExtensionError);
  assertEquals(err.code, "ext_quarantined");
  await host.shutdown();
  assert.ok(processGone(status.pid!));
});

Deno.test("a stdout flood neither stalls the host nor other extensions", async () => {
  await using home = await TempHome.create();
  let floods = 0;
  const host = await startHost(
    home,
    [
      pySpec("flooder", {
        flood: { line: '{"type":"notify","level":"info","message":"flood"}', batch: 200 },
        startup: [{ type: "register_command", name: "ping" }, { type: "ready" }],
        on: {
          "command_invoked:ping": [{
            type: "command_response",
            id: "$id",
            action: "display",
            display: "pong",
          }],
        },
      }),
      pySpec("garbler", {
        flood: { line: "garbage ".repeat(50), batch: 200 },
        startup: [{ type: "ready" }],
      }),
      denoSpec(),
    ],
    {},
    {
      // Shown notices plus the rate limiter's counts of dropped ones: all were read.
      onNotify: (n) => floods += n.message === "flood" ? 1 : Number(n.message.split(" ")[0]) || 0,
    },
  );
  for (let i = 0; i < 20; i++) {
    assertEquals((await host.callTool("echo", { text: `t${i}` })).content[0], {
      type: "text",
      text: `t${i}`,
    });
  }
  assertEquals((await host.invokeCommand("ping", "")).display, "pong");
  await host.shutdown();
  assert.ok(floods > 1000, `only ${floods} notifies arrived`);
  assert.ok(host.status().every((s) => s.state === "exited"));
  const log = await home.log("garbler");
  assertIncludes(log, "similar diagnostics suppressed");
  assert.ok(log.split("\n").length < 2_000, "diagnostics are rate-limited");
});

Deno.test("timeouts: a command or tool that never answers fails with the extension named", async () => {
  await using home = await TempHome.create();
  const host = await startHost(home, [
    denoSpec(),
    pySpec("mute-cmd", {
      startup: [{ type: "register_command", name: "wait" }, { type: "ready" }],
    }),
  ], { toolTimeoutMs: 500, commandTimeoutMs: 500 });
  const tool = await assertRejects(() => host.callTool("hang", {}), ExtensionError);
  assertEquals(tool.code, "ext_timeout");
  assertEquals(
    tool.message,
    'timeout waiting for extension "deno-tools" to answer tool call "hang" (500 ms); ' +
      "see: zot ext logs deno-tools",
  );
  const cmd = await assertRejects(() => host.invokeCommand("wait", ""), ExtensionError);
  assertEquals([cmd.code, cmd.extension], ["ext_timeout", "mute-cmd"]);
  // the extension is still fine afterwards
  assertEquals((await host.callTool("echo", { text: "ok" })).isError, false);
  await host.shutdown();
});

Deno.test("a late answer after a timeout is dropped and logged", async () => {
  await using home = await TempHome.create();
  const host = await startHost(
    home,
    [pySpec("tardy", {
      startup: [{ type: "register_tool", name: "lag", schema: { type: "object" } }, {
        type: "ready",
      }],
      on: {
        "tool_call:lag": [{ $sleep: 400 }, { type: "tool_result", id: "$id", content: [] }, {
          type: "notify",
          message: "answered",
        }],
      },
    })],
    { toolTimeoutMs: 100 },
    {},
  );
  await assertRejects(() => host.callTool("lag", {}), ExtensionError);
  await host.shutdown();
  assertIncludes(await home.log("tardy"), "(late or never asked); dropped");
});

Deno.test("aborting a tool call rejects with CancelledError", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [denoSpec()]);
  const controller = new AbortController();
  const pending = host.callTool("hang", {}, { signal: controller.signal });
  controller.abort();
  await assertRejects(() => pending, CancelledError);
  await assertRejects(
    () => host.callTool("echo", { text: "x" }, { signal: controller.signal }),
    CancelledError,
  );
});

Deno.test("unknown commands and tools are errors of their own", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [pySpec("empty", { startup: [{ type: "ready" }] })]);
  const cmd = await assertRejects(() => host.invokeCommand("nope", ""), ZotError);
  assertEquals(cmd.code, "ext_unknown_command");
  const tool = await assertRejects(() => host.callTool("nope", {}), ToolError);
  assertEquals(tool.message, 'no extension registered for tool "nope"');
});

Deno.test("an extension that stops reading stdin cannot make the host buffer without bound", async () => {
  await using home = await TempHome.create();
  const host = await startHost(home, [pySpec("deaf", {
    startup: [
      { type: "subscribe", events: ["assistant_message"] },
      { type: "register_tool", name: "t", schema: { type: "object" } },
      { type: "ready" },
      { $sleep: 60_000 },
    ],
  })], { maxQueuedBytes: 256 * 1024, shutdownGraceMs: 200, killGraceMs: 200 });
  const text = "y".repeat(10_000);
  for (let i = 0; i < 200; i++) host.emit({ event: "assistant_message", text });
  const err = await assertRejects(() => host.callTool("t", {}), ExtensionError);
  assertEquals(err.code, "ext_backlogged");
  await host.shutdown();
  assertIncludes(await home.log("deaf"), "(the extension is not reading its stdin)");
});
