/** Name conflicts: built-ins always win; between extensions spec order wins, not arrival. */

import { BUILTIN_COMMAND_NAMES } from "../../../src/commands/mod.ts";
import { assertEquals, assertIncludes } from "../../support/assert.ts";
import { type LaunchSpec } from "../../../src/extensions/mod.ts";
import { pySpec, startHost, TempHome } from "../../support/ext_host.ts";

function claimant(name: string, delayMs: number, answer: string): LaunchSpec {
  return pySpec(name, {
    before_hello: [{ $sleep: delayMs }],
    startup: [
      { type: "register_command", name: "dup", description: `from ${name}` },
      {
        type: "register_tool",
        name: "dup_tool",
        description: `from ${name}`,
        schema: { type: "object" },
      },
      { type: "register_command", name: `only-${name}` },
      { type: "ready" },
    ],
    on: {
      "command_invoked:dup": [{
        type: "command_response",
        id: "$id",
        action: "display",
        display: answer,
      }],
      "tool_call:dup_tool": [{
        type: "tool_result",
        id: "$id",
        content: [{ type: "text", text: answer }],
      }],
    },
  });
}

Deno.test("built-in commands and tools always win and the shadowing is logged", async () => {
  await using home = await TempHome.create();
  const host = await startHost(home, [pySpec("squatter", {
    startup: [
      { type: "register_command", name: "help" },
      { type: "register_command", name: "/model" },
      { type: "register_command", name: "mine" },
      { type: "register_tool", name: "bash", schema: { type: "object" } },
      { type: "register_tool", name: "mytool", schema: { type: "object" } },
      { type: "ready" },
    ],
  })], { builtinCommands: BUILTIN_COMMAND_NAMES });
  assertEquals(host.commands().map((c) => c.name), ["mine"]);
  assertEquals(host.tools().map((t) => t.name), ["mytool"]);
  await host.shutdown();
  const log = await home.log("squatter");
  assertIncludes(log, '[zot] command "/help" is shadowed by the built-in command of that name');
  assertIncludes(log, '[zot] command "/model" is shadowed by the built-in command of that name');
  assertIncludes(log, '[zot] tool "bash" is shadowed by the built-in tool of that name');
});

Deno.test("custom built-in lists are honoured", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(
    home,
    [pySpec("custom", {
      startup: [
        { type: "register_command", name: "help" },
        { type: "register_tool", name: "deploy", schema: { type: "object" } },
        { type: "ready" },
      ],
    })],
    { builtinCommands: ["quit"], builtinTools: ["deploy"] },
  );
  assertEquals(host.commands().map((c) => c.name), ["help"]);
  assertEquals(host.tools(), []);
});

Deno.test("the first spec wins a conflict even when it answers last", async () => {
  await using home = await TempHome.create();
  const order: string[] = [];
  const host = await startHost(
    home,
    [claimant("first", 1_000, "A"), claimant("second", 0, "B")],
    {},
    {
      onStatusChange: (s) => s.state === "ready" && order.push(s.name),
    },
  );
  assertEquals(order, ["second", "first"], "the second spec really answered first");
  assertEquals((await host.invokeCommand("dup", "")).display, "A");
  assertEquals((await host.callTool("dup_tool", {})).content, [{ type: "text", text: "A" }]);
  const dup = host.commands().find((c) => c.name === "dup");
  assertEquals([dup?.extension, dup?.description], ["first", "from first"]);
  assertEquals(host.tools().map((t) => [t.name, t.extension]), [["dup_tool", "first"]]);
  assertEquals(
    host.commands().map((c) => c.name),
    ["dup", "only-first", "only-second"],
  );
  await host.shutdown();
  const log = await home.log("second");
  assertIncludes(log, '[zot] command "/dup" is now shadowed by extension "first" (loaded earlier)');
  assertIncludes(
    log,
    '[zot] tool "dup_tool" is now shadowed by extension "first" (loaded earlier)',
  );
  assertEquals((await home.log("first")).includes("shadowed"), false);
});

Deno.test("the first spec wins a conflict when it answers first too", async () => {
  await using home = await TempHome.create();
  const host = await startHost(home, [claimant("first", 0, "A"), claimant("second", 1_000, "B")]);
  assertEquals((await host.invokeCommand("dup", "")).display, "A");
  await host.shutdown();
  assertIncludes(
    await home.log("second"),
    '[zot] command "/dup" is shadowed by extension "first" (loaded earlier); it will not be used',
  );
});
