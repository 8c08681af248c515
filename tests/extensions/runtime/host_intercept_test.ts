/** Interception chains: order, first block, rewrites, re-validation, timeouts and dead guards. */

import { join } from "node:path";
import { DEFAULT_SUPERVISION } from "../../../src/extensions/mod.ts";
import { assertEquals, assertIncludes } from "../../support/assert.ts";
import { ArgsValidator } from "../../../src/schema/mod.ts";
import { pySpec, readJsonLines, shSpec, startHost, TempHome } from "../../support/ext_host.ts";

const BASH_SCHEMA = {
  type: "object",
  properties: { command: { type: "string" } },
  required: ["command"],
};
const call = (command: string) => ({ id: "call-1", name: "bash", args: { command } });

function guard(name: string, mode: string, env: Record<string, string> = {}) {
  return shSpec(name, "sh-guard", { GUARD_NAME: name, GUARD_MODE: mode, ...env });
}

Deno.test("a guard blocks with its reason and lets other calls through", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [guard("g", "block")]);
  assertEquals(await host.interceptToolCall(call("rm -rf /tmp/foo")), {
    action: "block",
    extension: "g",
    reason: 'refused: matches danger pattern "rm -rf"',
  });
  assertEquals(await host.interceptToolCall(call("ls")), {
    action: "allow",
    args: { command: "ls" },
    rewrittenBy: [],
  });
});

Deno.test("a block without a reason gets the default reason", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [guard("g", "bare")]);
  assertEquals(await host.interceptToolCall(call("ls")), {
    action: "block",
    extension: "g",
    reason: "tool call refused by extension guard",
  });
});

Deno.test("interceptors run in spec order, the first block wins and later ones are not asked", async () => {
  await using home = await TempHome.create();
  const record = (n: string) => join(home.dir, `${n}.jsonl`);
  await using host = await startHost(home, [
    // The first guard says hello last: order must still follow the specs.
    guard("g1", "rewrite", { GUARD_DELAY: "0.5", GUARD_TAG: "[1] ", GUARD_RECORD: record("g1") }),
    guard("g2", "bare", { GUARD_RECORD: record("g2") }),
    guard("g3", "bare", { GUARD_RECORD: record("g3") }),
  ]);
  const verdict = await host.interceptToolCall(call("ls"));
  assertEquals(verdict, {
    action: "block",
    extension: "g2",
    reason: "tool call refused by extension guard",
  });
  const g2 = (await readJsonLines(record("g2"))).filter((f) => f.type === "event_intercept");
  assertEquals(g2.map((f) => f.tool_args), [{ command: "[1] ls" }], "g2 saw g1's rewrite");
  const g3 = (await readJsonLines(record("g3"))).filter((f) => f.type === "event_intercept");
  assertEquals(g3, []);
});

Deno.test("modified_args chain through every interceptor", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [
    guard("a", "rewrite", { GUARD_TAG: "[a] " }),
    guard("b", "allow"),
    guard("c", "rewrite", { GUARD_TAG: "[c] " }),
  ]);
  assertEquals(await host.interceptToolCall(call("ls"), BASH_SCHEMA), {
    action: "allow",
    args: { command: "[c] [a] ls" },
    rewrittenBy: ["a", "c"],
  });
});

Deno.test("a rewrite that breaks the schema blocks the call and names the guard", async () => {
  await using home = await TempHome.create();
  const host = await startHost(home, [guard("breaker", "invalid")]);
  const verdict = await host.interceptToolCall(call("ls"), BASH_SCHEMA);
  assertEquals(verdict.action, "block");
  if (verdict.action !== "block") return;
  assertEquals(verdict.extension, "breaker");
  assertIncludes(verdict.reason, 'extension "breaker" rewrote the arguments of tool "bash"');
  assertIncludes(verdict.reason, "command");
  // a validator function works the same way
  const validator = new ArgsValidator(BASH_SCHEMA);
  const again = await host.interceptToolCall(call("ls"), (args) => validator.validate(args));
  assertEquals(again.action, "block");
  // without a schema the rewrite is taken as it is
  assertEquals(await host.interceptToolCall(call("ls")), {
    action: "allow",
    args: { command: 42 },
    rewrittenBy: ["breaker"],
  });
  await host.shutdown();
  assertIncludes(
    await home.log("breaker"),
    'modified_args for tool "bash" do not match its schema',
  );
});

Deno.test("modified_args that are not an object are ignored with a log line", async () => {
  await using home = await TempHome.create();
  const host = await startHost(home, [guard("arr", "array")]);
  assertEquals(await host.interceptToolCall(call("ls")), {
    action: "allow",
    args: { command: "ls" },
    rewrittenBy: [],
  });
  await host.shutdown();
  assertIncludes(
    await home.log("arr"),
    '[zot] modified_args for tool "bash" ignored: it must be a JSON object',
  );
});

Deno.test("an interceptor that does not answer in time allows, and the chain goes on", async () => {
  await using home = await TempHome.create();
  const host = await startHost(home, [guard("mute", "silent"), guard("after", "block")], {
    interceptTimeoutMs: 1_000,
  });
  assertEquals((await host.interceptToolCall(call("ls"))).action, "allow");
  assertEquals(await host.interceptToolCall(call("rm -rf x")), {
    action: "block",
    extension: "after",
    reason: 'refused: matches danger pattern "rm -rf"',
  });
  await host.shutdown();
  assertIncludes(
    await home.log("mute"),
    '[zot] intercept tool_call: timeout waiting for extension "mute" to answer tool_call intercept',
  );
});

Deno.test("an interceptor that dies mid-question allows at once", async () => {
  await using home = await TempHome.create();
  const host = await startHost(home, [pySpec("dies", {
    startup: [{ type: "subscribe", intercept: ["tool_call"] }, { type: "ready" }],
    on: { "event_intercept:tool_call": [{ $exit: 1 }] },
  })], { interceptTimeoutMs: 60_000, supervision: { ...DEFAULT_SUPERVISION, quarantineAfter: 1 } });
  assertEquals((await host.interceptToolCall(call("rm -rf /"))).action, "allow");
  assertEquals(host.status()[0].state, "quarantined");
  // a dead interceptor is skipped entirely afterwards
  assertEquals((await host.interceptToolCall(call("rm -rf /"))).action, "allow");
  await host.shutdown();
  assertIncludes(
    await home.log("dies"),
    "exited with code 1 while tool_call intercept was pending",
  );
});

Deno.test("turn_start interception blocks with the guard's reason", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [guard("limit", "allow", { GUARD_BLOCK_STEP: "2" })]);
  assertEquals(await host.interceptTurnStart(1), { action: "allow" });
  assertEquals(await host.interceptTurnStart(2), {
    action: "block",
    extension: "limit",
    reason: "turn limit reached",
  });
});

Deno.test("assistant_message replace_text chains", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [
    guard("redact", "allow", { GUARD_TAG: "[redacted]" }),
    pySpec("shout", {
      startup: [{ type: "subscribe", intercept: ["assistant_message"] }, { type: "ready" }],
      on: {
        "event_intercept:assistant_message": [
          { type: "event_intercept_response", id: "$id", replace_text: "$text" },
        ],
      },
    }),
  ]);
  assertEquals(await host.interceptAssistantMessage("the SECRET is out"), {
    action: "allow",
    text: "the [redacted] is out",
    rewrittenBy: ["redact"],
  });
  assertEquals(await host.interceptAssistantMessage("nothing to hide"), {
    action: "allow",
    text: "nothing to hide",
    rewrittenBy: [],
  });
});

Deno.test("only tool_call, turn_start, assistant_message, tool_result and user_prompt can be intercepted", async () => {
  await using home = await TempHome.create();
  const host = await startHost(home, [guard("g", "allow")]);
  await host.shutdown();
  assertIncludes(
    await home.log("g"),
    '[zot] subscribe: "session_start" cannot be intercepted (only tool_call, turn_start, ' +
      "assistant_message, tool_result, user_prompt); ignored",
  );
});

Deno.test("with no interceptors everything is allowed unchanged", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [pySpec("bystander", { startup: [{ type: "ready" }] })]);
  assertEquals(await host.interceptToolCall(call("rm -rf /")), {
    action: "allow",
    args: { command: "rm -rf /" },
    rewrittenBy: [],
  });
  assertEquals(await host.interceptTurnStart(1), { action: "allow" });
  assertEquals(host.intercepts("tool_call"), false);
});

Deno.test("intercepts() tells which events running extensions intercept", async () => {
  await using home = await TempHome.create();
  const host = await startHost(home, [pySpec("only-text", {
    startup: [{ type: "subscribe", intercept: ["assistant_message"] }, { type: "ready" }],
  })]);
  assertEquals(host.intercepts("assistant_message"), true);
  assertEquals(host.intercepts("tool_call"), false);
  await host.shutdown();
  assertEquals(host.intercepts("assistant_message"), false);
});
