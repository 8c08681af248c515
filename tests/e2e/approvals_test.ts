import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { exists } from "../support/files.ts";
import type { ScriptTurn } from "../support/provider_server.ts";
import { FIXTURES, World } from "./support.ts";

type Block = Record<string, unknown>;
type Body = { messages: { role: string; content: string | Block[] }[] };

function lastToolResult(body: Body): Block {
  const blocks = body.messages.at(-1)!.content as Block[];
  return blocks.find((b) => b.type === "tool_result")!;
}

function bashTurn(id: string, file: string): ScriptTurn {
  return { blocks: [{ type: "tool_use", id, name: "bash", input: { command: `touch ${file}` } }] };
}

Deno.test("rpc --no-yolo: deny with a reason the model sees, then allow a tool for the session", async () => {
  await using world = await World.create([
    bashTurn("b1", "one"),
    { text: "ok, not running it" },
    bashTurn("b2", "two"),
    { text: "made two" },
    bashTurn("b3", "three"),
    { text: "made three" },
  ]);
  const rpc = world.rpc(["--no-yolo"]);
  await rpc.request({ id: "p1", type: "prompt", message: "make one" });
  const first = await rpc.next((l) => l.type === "approval_request");
  assertEquals(first.tool, "bash");
  assertEquals(first.source, "gate");
  assertEquals(first.preview, "touch one");
  const denied = await rpc.request({
    id: "a1",
    type: "approve",
    request_id: first.request_id,
    decision: "deny",
    reason: "not now",
  });
  assertEquals(denied.success, true);
  await rpc.next((l) => l.type === "done" && l.id === "p1");
  assertEquals(await exists(join(world.work, "one")), false);
  const sent = lastToolResult(world.server.bodies()[1] as Body);
  assertEquals(sent.is_error, true);
  assertIncludes(JSON.stringify(sent.content), "the user denied the call: not now");

  await rpc.request({ id: "p2", type: "prompt", message: "make two" });
  const second = await rpc.next((l) => l.type === "approval_request" && l !== first);
  await rpc.request({ id: "a2", type: "approve", request_id: second.request_id, decision: "tool" });
  await rpc.next((l) => l.type === "done" && l.id === "p2");
  assertEquals(await exists(join(world.work, "two")), true);

  // Remembered for the session: no third question.
  await rpc.request({ id: "p3", type: "prompt", message: "make three" });
  await rpc.next((l) => l.type === "done" && l.id === "p3");
  assertEquals(await exists(join(world.work, "three")), true);
  assertEquals(rpc.lines.filter((l) => l.type === "approval_request").length, 2);
  const bad = await rpc.request({
    id: "a3",
    type: "approve",
    request_id: "nope",
    decision: "once",
  });
  assertEquals(bad.success, false);
  const closed = await rpc.close();
  assertEquals(closed.code, 0, closed.stderr);
});

Deno.test("rpc: a guard's ask reaches the client and tool_confirmation_requested reaches extensions", async () => {
  await using world = await World.create([bashTurn("b1", "asked"), { text: "done" }]);
  const file = join(world.root, "frames.jsonl");
  const rpc = world.rpc(
    ["--ext", join(FIXTURES, "asker"), "--ext", join(FIXTURES, "recorder11")],
    { ZOT_E2E_FRAMES: file },
  );
  await rpc.request({ id: "p1", type: "prompt", message: "go" });
  const ask = await rpc.next((l) => l.type === "approval_request");
  assertEquals(ask.source, "guard");
  assertEquals(ask.extension, "asker");
  assertEquals(ask.reason, "bash touches the machine");
  await rpc.request({ id: "a1", type: "approve", request_id: ask.request_id, decision: "once" });
  await rpc.next((l) => l.type === "done" && l.id === "p1");
  assertEquals(await exists(join(world.work, "asked")), true);
  const closed = await rpc.close();
  assertEquals(closed.code, 0, closed.stderr);
  const frames = (await Deno.readTextFile(file)).trim().split("\n").map((l) => JSON.parse(l));
  const requested = frames.find((f) => f.event === "tool_confirmation_requested");
  assert(requested, "tool_confirmation_requested was not sent");
  assertEquals(requested.tool_name, "bash");
  assertEquals(requested.tool_args, { command: "touch asked" });
  assertEquals(requested.reason, "bash touches the machine");
});

Deno.test("-p --no-yolo denies gated tools with a message that says how to allow them", async () => {
  await using world = await World.create([bashTurn("b1", "gated"), { text: "understood" }]);
  const result = await world.run(["--no-yolo", "-p", "go"]);
  assertEquals(result.code, 0, result.stderr);
  assertEquals(await exists(join(world.work, "gated")), false);
  const text = JSON.stringify(lastToolResult(world.server.bodies()[1] as Body).content);
  assertIncludes(text, "needs approval");
  assertIncludes(text, "--yolo");
});

Deno.test('config.json "yolo": false gates -p runs; --yolo overrides it', async () => {
  await using world = await World.create([
    bashTurn("b1", "first"),
    { text: "no" },
    bashTurn("b2", "second"),
    { text: "yes" },
  ]);
  await Deno.writeTextFile(join(world.home, "config.json"), JSON.stringify({ yolo: false }));
  assertEquals((await world.run(["-p", "go"])).code, 0);
  assertEquals(await exists(join(world.work, "first")), false);
  assertEquals((await world.run(["--yolo", "-p", "go"])).code, 0);
  assertEquals(await exists(join(world.work, "second")), true);
});

Deno.test("-p: a guard's ask is denied unless --yolo approves such asks", async () => {
  await using world = await World.create([
    bashTurn("b1", "denied"),
    { text: "no" },
    bashTurn("b2", "approved"),
    { text: "yes" },
  ]);
  const asker = join(FIXTURES, "asker");
  assertEquals((await world.run(["--ext", asker, "-p", "go"])).code, 0);
  assertEquals(await exists(join(world.work, "denied")), false);
  const text = JSON.stringify(lastToolResult(world.server.bodies()[1] as Body).content);
  assertIncludes(text, 'extension \\"asker\\" asked for approval of \\"bash\\"');
  assertEquals((await world.run(["--ext", asker, "--yolo", "-p", "go"])).code, 0);
  assertEquals(await exists(join(world.work, "approved")), true);
});

Deno.test("extension dialogs: answered over rpc, defaulted or cancelled in -p", async () => {
  await using world = await World.create([]);
  const dialoger = join(FIXTURES, "dialoger");
  const picked = await world.run(["--ext", dialoger, "-p", "/pick"]);
  assertEquals(picked.code, 0, picked.stderr);
  assertEquals(picked.stdout, 'answer: "green"\n');
  const sure = await world.run(["--ext", dialoger, "-p", "/sure"]);
  assertEquals(sure.stdout, "cancelled\n");

  const rpc = world.rpc(["--ext", dialoger]);
  const pending = rpc.request({ id: "c1", type: "command", text: "/pick" });
  const request = await rpc.next((l) => l.type === "ui_request");
  assertEquals(request.kind, "select");
  assertEquals(request.extension, "dialoger");
  assertEquals(request.options, ["red", "green", "blue"]);
  const wrong = await rpc.request({
    id: "u0",
    type: "ui_response",
    request_id: request.request_id,
    value: "purple",
  });
  assertEquals(wrong.success, false);
  await rpc.request({
    id: "u1",
    type: "ui_response",
    request_id: request.request_id,
    value: "blue",
  });
  const answered = await pending;
  assertEquals((answered.data as Record<string, unknown>).text, 'answer: "blue"');
  const closed = await rpc.close();
  assertEquals(closed.code, 0, closed.stderr);
});
