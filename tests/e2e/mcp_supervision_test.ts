/**
 * An MCP server is supervised like any extension, from the real CLI: killed mid-call it is
 * restarted and its tools work again; a crash loop is quarantined and reported once.
 */

import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { httpFixture, remoteExtension } from "./mcp_support.ts";
import { contentText, created, REPO, type RpcClient, toolTurn, World } from "./support.ts";

type Line = Record<string, unknown>;

const FIXTURE = join(REPO, "tests", "fixtures", "mcp", "fixture");

/** Sends a prompt and returns the result of the tool call `callId` once its turn is done. */
async function turnResult(rpc: RpcClient, id: string, message: string, callId: string) {
  await rpc.request({ id, type: "prompt", message });
  const result = await rpc.next((l) => l.type === "tool_result" && l.id === callId);
  await rpc.next((l) => l.type === "done" && l.id === id);
  return result;
}

Deno.test("an MCP server killed mid-call fails the call as restarting, restarts, and works again", async () => {
  await using world = await World.create([
    toolTurn("w1", "mcp__fix__wait", { seconds: 600 }),
    { text: "it crashed" },
    toolTurn("s1", "mcp__fix__structured"),
    { text: "it is back" },
  ]);
  const mark = join(world.root, "mark");
  const rpc = world.rpc(["--ext", FIXTURE], { FIXTURE_MARK: mark });
  const pidOf = async (id: string) => Number((await rpc.extensions(id))[0].pid);
  const pid = await pidOf("0");
  await rpc.request({ id: "1", type: "prompt", message: "go" });
  await created(`${mark}.started`);
  Deno.kill(pid, "SIGKILL");
  const failed = await rpc.next((l) => l.type === "tool_result" && l.id === "w1");
  assertEquals(failed.is_error, true, contentText(failed));
  assertIncludes(contentText(failed), "it is restarting");
  await rpc.next((l) => l.type === "done" && l.id === "1");
  await rpc.next((l) => l.type === "ext_status" && l.state === "restarting");
  const back = await rpc.next((l) => l.type === "ext_status" && l.state === "ready");
  assertEquals([back.name, back.restarts], ["fix", 1]);
  assert.ok((await pidOf("00")) !== pid, "a new server runs");

  const second = await turnResult(rpc, "2", "again", "s1");
  assertEquals(second.is_error, false, contentText(second));
  assertIncludes(contentText(second), "21");

  const [status] = await rpc.extensions("3");
  assertEquals([status.state, status.restarts, status.calls, status.failed_calls], [
    "ready",
    1,
    2,
    1,
  ]);
  assertIncludes(String(status.last_error), "SIGKILL");
  const { code, stderr } = await rpc.close();
  assertEquals(code, 0, stderr);
});

Deno.test("an MCP server in a crash loop is quarantined and reported once; its tools leave the list", async () => {
  await using world = await World.create([toolTurn("q1", "mcp__fix__structured"), {
    text: "gone",
  }]);
  const rpc = world.rpc(["--ext", FIXTURE], { FIXTURE_CRASH: "1" });
  const notice = await rpc.next((l) => l.type === "ext_notify");
  assertEquals(notice.extension, "fix");
  assertIncludes(String(notice.message), "quarantined until /reload-ext or the next start");
  const [status] = await rpc.extensions("1");
  assertEquals([status.state, status.restarts], ["quarantined", 2]);
  assertIncludes(String(status.last_error), "exited with code 3");
  const result = await turnResult(rpc, "2", "go", "q1");
  assertEquals(result.is_error, true);
  const offered = (world.server.bodies()[0] as { tools: { name: string }[] }).tools;
  assertEquals(offered.some((t) => t.name.startsWith("mcp__fix__")), false);
  const { code, stderr } = await rpc.close();
  assertEquals(code, 0, stderr);
  assertEquals(rpc.lines.filter((l) => l.type === "ext_notify").length, 1);
});

Deno.test("a remote MCP server that restarts and forgets the session is reconnected", async () => {
  await using world = await World.create([
    toolTurn("a1", "mcp__remote__whoami"),
    { text: "first" },
    toolTurn("b1", "mcp__remote__whoami"),
    { text: "lost it" },
    toolTurn("c1", "mcp__remote__whoami"),
    { text: "back" },
  ]);
  await using first = await httpFixture();
  const port = Number(new URL(first.url).port);
  const ext = await remoteExtension(world, first.url);
  const rpc = world.rpc(["--ext", ext], { FIX_TOKEN: "t0k" });
  const a = await turnResult(rpc, "1", "one", "a1");
  assertEquals(a.is_error, false, contentText(a));

  // The server restarts on the same address: it no longer knows zot's session.
  await first[Symbol.asyncDispose]();
  await using second = await httpFixture(port);
  assertEquals(second.url, first.url);
  const b = await turnResult(rpc, "2", "two", "b1");
  assertEquals(b.is_error, true, contentText(b));
  assertIncludes(contentText(b), "it is restarting");
  const back = await rpc.next((l) => l.type === "ext_status" && l.state === "ready");
  assertEquals([back.name, back.restarts], ["remote", 1]);

  const c = await turnResult(rpc, "3", "three", "c1");
  assertEquals(c.is_error, false, contentText(c));
  assertIncludes(contentText(c), "auth=Bearer t0k");
  const [status] = await rpc.extensions("4");
  assertIncludes(String(status.last_error), "no longer knows this session");
  const { code, stderr } = await rpc.close();
  assertEquals(code, 0, stderr);
});
