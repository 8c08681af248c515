/** `zot --ext-trace FILE`: every frame in and out, timestamped, from the real CLI. */

import { join } from "node:path";
import { assert, assertEquals } from "../support/assert.ts";
import { FIXTURES, World } from "./support.ts";

Deno.test("--ext-trace records every frame in and out with timestamps", async () => {
  await using world = await World.create([
    { blocks: [{ type: "tool_use", id: "w1", name: "weather", input: { city: "Oslo" } }] },
    { text: "Foggy." },
  ]);
  const trace = join(world.root, "trace.jsonl");
  const run = await world.run([
    "--ext",
    join(FIXTURES, "toolbox"),
    "--ext-trace",
    trace,
    "-p",
    "hi",
  ]);
  assertEquals(run.code, 0, run.stderr);
  const entries = (await Deno.readTextFile(trace)).trim().split("\n").map((l) => JSON.parse(l));
  const seen = entries.map((e) => `${e.dir} ${e.frame?.type}`);
  const expected = [
    "in hello",
    "out hello_ack",
    "in register_tool",
    "in ready",
    "out tool_call",
    "in tool_result",
    "out shutdown",
    "in shutdown_ack",
  ];
  let at = 0;
  for (const line of seen) if (line === expected[at]) at++;
  assertEquals(at, expected.length, `missing ${expected[at]} in ${JSON.stringify(seen)}`);
  for (const e of entries) {
    assertEquals(e.ext, "toolbox");
    assert.ok(!Number.isNaN(Date.parse(e.time)), `bad time ${e.time}`);
  }
  const call = entries.find((e) => e.frame?.type === "tool_call");
  assertEquals(call.frame.args, { city: "Oslo" });
});
