import { join } from "node:path";
import { assertEquals, assertIncludes } from "../support/assert.ts";
import { exists } from "../support/files.ts";
import type { ScriptTurn } from "../support/provider_server.ts";
import { World } from "./support.ts";

type Body = { messages: { role: string; content: unknown }[] };

function lastToolResult(body: Body): Record<string, unknown> {
  const blocks = body.messages.at(-1)!.content as Record<string, unknown>[];
  return blocks.find((b) => b.type === "tool_result")!;
}

/** A guard that crashes before its handshake. */
async function crashingGuard(
  root: string,
  manifest: Record<string, unknown> = {},
): Promise<string> {
  const dir = join(root, "guard");
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({ name: "guard", exec: "./guard.sh", ...manifest }),
  );
  await Deno.writeTextFile(join(dir, "guard.sh"), "#!/bin/sh\necho 'guard: boom' >&2\nexit 1\n");
  await Deno.chmod(join(dir, "guard.sh"), 0o755);
  return dir;
}

function bashTurns(): ScriptTurn[] {
  return [
    { blocks: [{ type: "tool_use", id: "b1", name: "bash", input: { command: "touch pwned" } }] },
    { text: "Blocked, as it should be." },
  ];
}

Deno.test("a required guard that crashes blocks a bash call, and the model sees why", async () => {
  await using world = await World.create(bashTurns());
  const guard = await crashingGuard(world.root, { required: true });
  const result = await world.run(["--ext", guard, "-p", "run it"]);
  assertEquals(result.code, 0, result.stderr);
  assertIncludes(result.stderr, "tool calls are blocked");
  const sent = lastToolResult(world.server.bodies()[1] as Body);
  assertEquals(sent.is_error, true);
  const text = JSON.stringify(sent.content);
  assertIncludes(text, `required extension \\"guard\\" is not running`);
  assertIncludes(text, "zot ext logs guard");
  assertEquals(await exists(join(world.work, "pwned")), false);
});

Deno.test("zot ext require marks an installed guard required without editing it; --off undoes it", async () => {
  await using world = await World.create([...bashTurns(), ...bashTurns()]);
  const source = await crashingGuard(world.root);
  assertEquals((await world.run(["ext", "install", source, "--yes", "--force"])).code, 0);
  const required = await world.run(["ext", "require", "guard"]);
  assertEquals(required.code, 0, required.stderr);
  assertIncludes(required.stdout, `"guard" is required`);

  const blocked = await world.run(["-p", "run it"]);
  assertEquals(blocked.code, 0, blocked.stderr);
  const sent = JSON.stringify(lastToolResult(world.server.bodies()[1] as Body).content);
  assertIncludes(sent, "zot ext logs guard");
  assertEquals(await exists(join(world.work, "pwned")), false);
  const listed = JSON.parse((await world.run(["ext", "list", "--json"])).stdout);
  assertEquals(listed[0].required, true);

  assertEquals((await world.run(["ext", "require", "guard", "--off"])).code, 0);
  const allowed = await world.run(["-p", "run it"]);
  assertEquals(allowed.code, 0, allowed.stderr);
  assertEquals(await exists(join(world.work, "pwned")), true);
});

Deno.test("a required guard that is not installed at all blocks tool calls too", async () => {
  await using world = await World.create(bashTurns());
  assertEquals((await world.run(["ext", "require", "ghost"])).code, 0);
  const result = await world.run(["-p", "run it"]);
  assertEquals(result.code, 0, result.stderr);
  const sent = JSON.stringify(lastToolResult(world.server.bodies()[1] as Body).content);
  assertIncludes(sent, `required extension \\"ghost\\"`);
  assertEquals(await exists(join(world.work, "pwned")), false);
});

Deno.test("--no-ext starts no extension, yet a required guard still blocks tool calls", async () => {
  // Nothing runs, so only the required guard makes the run load the host (hostNeeded).
  await using world = await World.create(bashTurns());
  assertEquals((await world.run(["ext", "require", "ghost"])).code, 0);
  const result = await world.run(["-p", "--no-ext", "run it"]);
  assertEquals(result.code, 0, result.stderr);
  assertIncludes(result.stderr, "tool calls are blocked: required extension ghost");
  const sent = JSON.stringify(lastToolResult(world.server.bodies()[1] as Body).content);
  assertIncludes(sent, `required extension \\"ghost\\"`);
  assertEquals(await exists(join(world.work, "pwned")), false);
});
