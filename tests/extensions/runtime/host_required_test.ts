/** Required guards fail closed in the real host: silent, dead or never started all block. */

import { DEFAULT_SUPERVISION } from "../../../src/extensions/mod.ts";
import { assertEquals, assertIncludes } from "../../support/assert.ts";
import { pySpec, shSpec, startHost, TempHome } from "../../support/ext_host.ts";

const call = (command: string) => ({ id: "call-1", name: "bash", args: { command } });

Deno.test("a required guard that does not answer in time blocks instead of allowing", async () => {
  await using home = await TempHome.create();
  const host = await startHost(home, [shSpec("mute", "sh-guard", { GUARD_MODE: "silent" })], {
    interceptTimeoutMs: 500,
  });
  try {
    host.setRequired(new Map([["mute", ""]]));
    const verdict = await host.interceptToolCall(call("ls"));
    assertEquals(verdict.action, "block");
    if (verdict.action !== "block") return;
    assertEquals(verdict.extension, "mute");
    assertIncludes(verdict.reason, "it did not answer the intercept");
    assertIncludes(verdict.reason, "zot ext logs mute");
  } finally {
    await host.shutdown();
  }
});

Deno.test("a required guard that dies blocks every later call, naming how it ended", async () => {
  await using home = await TempHome.create();
  const host = await startHost(home, [pySpec("dies", {
    startup: [{ type: "subscribe", intercept: ["tool_call"] }, { type: "ready" }],
    on: { "event_intercept:tool_call": [{ $exit: 1 }] },
    // Quarantined on its first crash, so it stays down instead of being restarted.
  })], {
    interceptTimeoutMs: 60_000,
    supervision: { ...DEFAULT_SUPERVISION, quarantineAfter: 1 },
  });
  try {
    host.setRequired(new Map([["dies", ""]]));
    assertEquals((await host.interceptToolCall(call("ls"))).action, "block");
    assertEquals(host.status()[0].state, "quarantined");
    const later = await host.interceptToolCall(call("ls"));
    assertEquals(later.action, "block");
    if (later.action === "block") assertIncludes(later.reason, "exited with code 1");
    // Not required any more: fail open again, as for any guard.
    host.setRequired(new Map());
    assertEquals((await host.interceptToolCall(call("ls"))).action, "allow");
  } finally {
    await host.shutdown();
  }
});

Deno.test("a required extension zot never started blocks with the reason it was given", async () => {
  await using home = await TempHome.create();
  const host = await startHost(home, []);
  try {
    host.setRequired(new Map([["guard", "not trusted; run: zot ext trust guard"]]));
    assertEquals(await host.interceptToolCall(call("ls")), {
      action: "block",
      extension: "guard",
      reason: `tool calls are blocked: the required extension "guard" is not running ` +
        `(not trusted; run: zot ext trust guard); see: zot ext logs guard ` +
        `(to stop requiring it: zot ext require guard --off)`,
    });
  } finally {
    await host.shutdown();
  }
});
