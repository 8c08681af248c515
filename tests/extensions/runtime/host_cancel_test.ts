/** cancel and progress at the host: who gets cancel, when, and what progress does to a call. */

import { join } from "node:path";
import { assertEquals, assertIncludes, assertRejects } from "../../support/assert.ts";
import { CancelledError, ExtensionError } from "../../../src/errors/mod.ts";
import type { CallProgress } from "../../../src/extensions/runtime/connection.ts";
import { pySpec, readJsonLines, startHost, TempHome } from "../../support/ext_host.ts";

/** A tool that never answers, from an extension that does or does not take cancel. */
function silent(name: string, record: string, capabilities: string[]) {
  return pySpec(name, {
    hello: { name, capabilities },
    startup: [
      { type: "register_tool", name: `wait_${name}`, schema: { type: "object" } },
      { type: "ready" },
    ],
    record,
  });
}

Deno.test("abort and timeout send cancel only to extensions that list the capability", async () => {
  await using home = await TempHome.create();
  const v1 = join(home.dir, "v1.jsonl");
  const v2 = join(home.dir, "v2.jsonl");
  const host = await startHost(home, [
    silent("old", v1, ["tools"]),
    silent("new", v2, ["tools", "cancel"]),
  ], { toolTimeoutMs: 300 });
  for (const name of ["old", "new"]) {
    const controller = new AbortController();
    const call = host.callTool(`wait_${name}`, {}, { signal: controller.signal });
    controller.abort();
    await assertRejects(() => call, CancelledError);
    const timeout = await assertRejects(() => host.callTool(`wait_${name}`, {}), ExtensionError);
    assertEquals(timeout.code, "ext_timeout");
  }
  await host.shutdown();
  const oldFrames = (await readJsonLines(v1)).map((f) => f.type);
  assertEquals(oldFrames.includes("cancel"), false, "a v1 extension never sees cancel");
  const newFrames = await readJsonLines(v2);
  const calls = newFrames.filter((f) => f.type === "tool_call").map((f) => f.id);
  const cancels = newFrames.filter((f) => f.type === "cancel");
  assertEquals(cancels, [
    { type: "cancel", id: calls[0], reason: "aborted" },
    { type: "cancel", id: calls[1], reason: "timeout" },
  ]);
});

Deno.test("progress reaches the caller and restarts the timeout; stray progress is logged", async () => {
  await using home = await TempHome.create();
  const steps = [];
  for (let i = 1; i <= 4; i++) {
    steps.push({ $sleep: 150 }, {
      type: "progress",
      id: "$id",
      message: `step ${i}`,
      fraction: i / 4,
    });
  }
  const host = await startHost(home, [pySpec("ticker", {
    startup: [
      { type: "register_tool", name: "tick", schema: { type: "object" } },
      { type: "progress", id: "nobody", message: "stray" },
      { type: "ready" },
    ],
    on: {
      "tool_call:tick": [
        ...steps,
        { type: "tool_result", id: "$id", content: [{ type: "text", text: "ticked" }] },
      ],
    },
  })], { toolTimeoutMs: 400 });
  const seen: CallProgress[] = [];
  const result = await host.callTool("tick", {}, { onProgress: (p) => seen.push(p) });
  assertEquals(result.content, [{ type: "text", text: "ticked" }]);
  assertEquals(seen.map((p) => [p.message, p.fraction]), [
    ["step 1", 0.25],
    ["step 2", 0.5],
    ["step 3", 0.75],
    ["step 4", 1],
  ]);
  await host.shutdown();
  assertIncludes(await home.log("ticker"), 'progress for unknown id "nobody"');
});

Deno.test("a command aborted mid-call is cancelled too; a manifest's intercept timeout applies", async () => {
  await using home = await TempHome.create();
  const record = join(home.dir, "frames.jsonl");
  const spec = pySpec("slowcmd", {
    hello: { name: "slowcmd", capabilities: ["commands", "cancel"] },
    startup: [
      { type: "register_command", name: "think" },
      { type: "subscribe", intercept: ["tool_call"] },
      { type: "ready" },
    ],
    record,
  });
  // The host's intercept wait is a minute; the manifest's 200 ms wins.
  const host = await startHost(home, [{ ...spec, timeouts: { intercept: 200 } }], {
    interceptTimeoutMs: 60_000,
  });
  const controller = new AbortController();
  const call = host.invokeCommand("think", "hard", { signal: controller.signal });
  controller.abort();
  await assertRejects(() => call, CancelledError);
  const verdict = await host.interceptToolCall({ id: "t", name: "bash", args: {} });
  assertEquals(verdict.action, "allow");
  await host.shutdown();
  const frames = await readJsonLines(record);
  const invoked = frames.find((f) => f.type === "command_invoked")!;
  assertEquals(frames.filter((f) => f.type === "cancel"), [
    { type: "cancel", id: invoked.id, reason: "aborted" },
  ]);
  assertIncludes(await home.log("slowcmd"), "timeout waiting for tool_call intercept (200 ms");
});
