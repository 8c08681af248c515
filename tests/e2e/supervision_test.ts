/** Supervision from the real CLI: restart after a crash, quarantine of a crash loop, status. */

import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { contentText, FIXTURES, toolTurn, World } from "./support.ts";

type Line = Record<string, unknown>;

Deno.test("an extension killed mid-call fails the call as restarting, restarts, and works again", async () => {
  await using world = await World.create([
    toolTurn("p1", "pid"),
    toolTurn("c1", "crawl", { seconds: 10 }),
    { text: "it crashed" },
    toolTurn("p2", "pid"),
    { text: "it is back" },
  ]);
  const rpc = world.rpc(["--ext", join(FIXTURES, "slowpoke")]);
  // The pid zot spawned (in a PID namespace the extension's own pid means nothing here).
  const pidOf = async (id: string) => Number((await rpc.extensions(id))[0].pid);
  const pid = await pidOf("0");
  await rpc.request({ id: "1", type: "prompt", message: "go" });
  await rpc.next((l) => l.type === "tool_result" && l.id === "p1");
  await rpc.next((l) => l.type === "tool_progress" && l.id === "c1");
  Deno.kill(pid, "SIGKILL");
  const failed = await rpc.next((l) => l.type === "tool_result" && l.id === "c1");
  assertEquals(failed.is_error, true, contentText(failed));
  assertIncludes(contentText(failed), "it is restarting");
  await rpc.next((l) => l.type === "done" && l.id === "1");
  await rpc.next((l) => l.type === "ext_status" && l.state === "restarting");
  const back = await rpc.next((l) => l.type === "ext_status" && l.state === "ready");
  assertEquals([back.name, back.restarts], ["slowpoke", 1]);
  assert.ok((await pidOf("00")) !== pid, "a new process runs");

  await rpc.request({ id: "2", type: "prompt", message: "again" });
  const second = await rpc.next((l) => l.type === "tool_result" && l.id === "p2");
  assertEquals(second.is_error, false, contentText(second));
  assertIncludes(contentText(second), "pid ");
  await rpc.next((l) => l.type === "done" && l.id === "2");

  const [status] = await rpc.extensions("3");
  assertEquals([status.name, status.state, status.restarts], ["slowpoke", "ready", 1]);
  assert.ok(String(status.last_error).length > 0, "the crash is the last error");
  assertEquals(status.calls, 3);
  assertEquals(status.failed_calls, 1);
  assert.ok(typeof status.latency_p50_ms === "number" && typeof status.uptime_ms === "number");
  const { code, stderr } = await rpc.close();
  assertEquals(code, 0, stderr);
});

Deno.test("a crash loop is quarantined and reported once; its tools leave the model's list", async () => {
  await using world = await World.create([toolTurn("q1", "pid"), { text: "quarantined" }]);
  const rpc = world.rpc(["--ext", join(FIXTURES, "crashloop")]);
  const notice = await rpc.next((l) => l.type === "ext_notify");
  assertEquals(notice.extension, "crashloop");
  assertIncludes(String(notice.message), "quarantined until /reload-ext or the next start");
  const [status] = await rpc.extensions("1");
  assertEquals([status.state, status.restarts], ["quarantined", 2]);
  assertIncludes(String(status.last_error), "exited with code 3");
  await rpc.request({ id: "3", type: "prompt", message: "go" });
  const result = await rpc.next((l) => l.type === "tool_result" && l.id === "q1");
  assertEquals(result.is_error, true);
  assertIncludes(contentText(result), "unknown tool");
  await rpc.next((l) => l.type === "done" && l.id === "3");
  const offered = (world.server.bodies()[0] as { tools: { name: string }[] }).tools;
  assertEquals(offered.some((t) => t.name === "pid"), false, "its tools are not offered");
  const { code, stderr } = await rpc.close();
  assertEquals(code, 0, stderr);
  assertEquals(rpc.lines.filter((l) => l.type === "ext_notify").length, 1);
});
