import { join } from "node:path";
import { assertEquals, assertIncludes } from "../support/assert.ts";
import type { ScriptTurn } from "../support/provider_server.ts";
import { signalWhen, World } from "./support.ts";

/** The records of the one session file this world has. */
async function sessionRecords(world: World): Promise<Record<string, unknown>[]> {
  const root = join(world.home, "sessions");
  const files: string[] = [];
  for await (const dir of Deno.readDir(root)) {
    for await (const file of Deno.readDir(join(root, dir.name))) {
      files.push(join(root, dir.name, file.name));
    }
  }
  assertEquals(files.length, 1);
  return (await Deno.readTextFile(files[0])).trim().split("\n").map((l) => JSON.parse(l));
}

const stalling: ScriptTurn = {
  text: "partial answer that never finishes",
  deltaSize: 4,
  stallAfter: 4,
};

Deno.test("Ctrl-C while bash runs cancels it, records its output and exits 130", async () => {
  await using world = await World.create([{
    blocks: [{
      type: "tool_use",
      id: "t1",
      name: "bash",
      input: { command: "echo started; sleep 30" },
    }],
  }]);
  const run = await signalWhen(
    world,
    ["--json", "go"],
    (e) => e.type === "tool_progress",
    "SIGINT",
  );
  assertEquals(run.code, 130, run.stderr);
  const result = run.events.find((e) => e.type === "tool_result");
  assertIncludes(JSON.stringify(result), "started");
  assertIncludes(JSON.stringify(result), "cancelled");
  assertEquals(run.events.at(-1), { type: "done", stop: "aborted" });
  const records = await sessionRecords(world);
  const tool = records.at(-1) as { message: { role: string; content: unknown[] } };
  assertEquals(tool.message.role, "tool");
  assertIncludes(JSON.stringify(tool.message.content), "started");
});

Deno.test("SIGTERM mid-stream still records the partial answer before zot exits", async () => {
  await using world = await World.create([stalling]);
  const run = await signalWhen(world, ["--json", "go"], (e) => e.type === "text_delta", "SIGTERM");
  assertEquals(run.code, 130, run.stderr);
  assertEquals(run.events.filter((e) => e.type === "error"), []);
  assertEquals(run.events.at(-1), { type: "done", stop: "aborted" });
  const records = await sessionRecords(world);
  const last = records.at(-1) as { message?: { role: string; stopReason?: string } };
  assertEquals([last.message?.role, last.message?.stopReason], ["assistant", "aborted"]);
});
