/** Event fan-out order, subscription filtering, and request ids under concurrency. */

import { join } from "node:path";
import { assert, assertEquals } from "../../support/assert.ts";
import {
  denoSpec,
  pySpec,
  readJsonLines,
  shSpec,
  startHost,
  TempHome,
} from "../../support/ext_host.ts";

Deno.test("events reach each subscriber in the order they happened, others get none", async () => {
  await using home = await TempHome.create();
  const rec = (n: string) => join(home.dir, `${n}.jsonl`);
  const sync = {
    "command_invoked:sync": [{ type: "command_response", id: "$id", action: "noop" }],
  };
  const host = await startHost(home, [
    pySpec("turns-only", {
      record: rec("turns-only"),
      startup: [
        { type: "subscribe", events: ["turn_start", "turn_end", "teleport"] },
        { type: "register_command", name: "sync" },
        { type: "ready" },
      ],
      on: sync,
    }),
    shSpec("everything", "sh-guard", { GUARD_NAME: "everything", GUARD_RECORD: rec("everything") }),
    pySpec("deaf", {
      record: rec("deaf"),
      startup: [{ type: "register_command", name: "sync2" }, { type: "ready" }],
      on: { "command_invoked:sync2": [{ type: "command_response", id: "$id", action: "noop" }] },
    }),
  ]);
  for (let step = 1; step <= 200; step++) {
    host.emit({ event: "turn_start", step });
    host.emit({ event: "tool_call", toolId: `t${step}`, toolName: "read", toolArgs: { step } });
    host.emit({ event: "turn_end", stop: step === 200 ? "end" : "tool_use" });
  }
  await host.invokeCommand("sync", "");
  await host.invokeCommand("sync2", "");
  await host.shutdown(); // "everything" has seen all frames once it has exited
  const events = async (n: string) =>
    (await readJsonLines(rec(n))).filter((f) => f.type === "event");
  const turns = await events("turns-only");
  assertEquals(turns.length, 400);
  assertEquals(
    turns.filter((f) => f.event === "turn_start").map((f) => f.step),
    Array.from({ length: 200 }, (_, i) => i + 1),
  );
  assert.ok(turns.every((f, i) => f.event === (i % 2 === 0 ? "turn_start" : "turn_end")));
  const all = await events("everything");
  assertEquals(all.length, 600);
  assert.ok(all.every((f, i) => f.event === ["turn_start", "tool_call", "turn_end"][i % 3]));
  assertEquals(
    all.filter((f) => f.event === "tool_call").map((f) => f.tool_id),
    Array.from({ length: 200 }, (_, i) => `t${i + 1}`),
  );
  assertEquals(await events("deaf"), []);
  assertEquals(
    (await home.log("turns-only")).includes('subscribe: unknown event "teleport"; ignored'),
    true,
  );
});

Deno.test("concurrent calls get unique ids and each answer reaches its own caller", async () => {
  await using home = await TempHome.create();
  const duplicates: string[] = [];
  await using host = await startHost(home, [denoSpec("tools-a"), denoSpec("tools-b")], {}, {
    onNotify: (n) => n.level === "error" && duplicates.push(n.message),
  });
  // tools-a owns the tools (first spec); commands go to both via their owner as well
  const calls = Array.from(
    { length: 60 },
    (_, i) =>
      host.callTool("slow", { ms: (i * 7919) % 40, tag: `call-${i}` }).then((r) => r.content),
  );
  const commands = Array.from(
    { length: 20 },
    (_, i) => host.invokeCommand("greet", `n${i}`).then((o) => o.prompt),
  );
  const results = await Promise.all(calls);
  assertEquals(results, calls.map((_, i) => [{ type: "text", text: `call-${i}` }]));
  assertEquals(await Promise.all(commands), commands.map((_, i) => `greet n${i}`));
  await host.invokeCommand("quiet", ""); // flushes any duplicate-id notice
  assertEquals(duplicates, []);
});
