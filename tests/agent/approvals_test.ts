/** The confirm gate and guards' asks: who is asked, what is remembered, what nobody can answer. */

import { type ApprovalRequest, Approvals, previewArgs } from "../../src/agent/mod.ts";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";

const signal = new AbortController().signal;
const call = (tool: string, args: Record<string, unknown> = { command: "ls" }) => ({
  toolId: "t",
  tool,
  args,
});

Deno.test("the gate covers write, edit, bash and extension tools, not read", () => {
  const gate = new Approvals({ gate: true });
  for (const tool of ["write", "edit", "bash"]) {
    assert(gate.needsApproval(tool, false, false), tool);
  }
  assert(gate.needsApproval("weather", true, false), "extension tools");
  assertEquals(gate.needsApproval("read", false, false), false);
  const open = new Approvals();
  assertEquals(open.needsApproval("bash", false, false), false);
  assert(open.needsApproval("read", false, true), "a guard's ask needs the user even with no gate");
});

Deno.test("allow for the session and allow all are remembered; deny reasons reach the model", async () => {
  const asked: ApprovalRequest[] = [];
  const answers = [
    { choice: "tool" as const },
    { choice: "deny" as const, reason: "not today" },
    { choice: "all" as const },
  ];
  const gate = new Approvals({ gate: true });
  gate.setApprover((request) => {
    asked.push(request);
    return Promise.resolve(answers.shift()!);
  });
  const seen: string[] = [];
  const onAsk = (r: ApprovalRequest) => seen.push(r.id);
  assertEquals(await gate.decide(call("bash"), undefined, signal, onAsk), { allow: true });
  assertEquals(gate.needsApproval("bash", false, false), false, "bash is remembered");
  const denied = await gate.decide(call("write", { path: "x" }), undefined, signal, onAsk);
  assertEquals(denied, { allow: false, reason: "the user denied the call: not today", by: "user" });
  assertEquals(await gate.decide(call("edit"), undefined, signal, onAsk), { allow: true });
  assertEquals(gate.needsApproval("weather", true, true), false, "allow all covers asks too");
  assertEquals(asked.map((r) => [r.tool, r.source, r.preview]), [
    ["bash", "gate", "ls"],
    ["write", "gate", "x"],
    ["edit", "gate", "ls"],
  ]);
  assertEquals(seen.length, 3, "tool_confirmation_requested once per question");
});

Deno.test("nobody to ask: gated calls and guard asks are denied with how to allow them", async () => {
  const gate = new Approvals({ gate: true });
  const none = () => {};
  const gated = await gate.decide(call("bash"), undefined, signal, none);
  assert(!gated.allow);
  assertIncludes(gated.reason, "--yolo");
  const asked = await gate.decide(call("bash"), { extension: "g", reason: "hm" }, signal, none);
  assert(!asked.allow);
  assertIncludes(asked.reason, 'extension "g" asked for approval of "bash" (hm)');
  const yolo = new Approvals({ explicitYolo: true });
  assertEquals(await yolo.decide(call("bash"), { extension: "g" }, signal, none), { allow: true });
});

Deno.test("a failing approver denies; an aborted turn denies", async () => {
  const gate = new Approvals({ gate: true });
  gate.setApprover(() => Promise.reject(new Error("closed")));
  const failed = await gate.decide(call("bash"), undefined, signal, () => {});
  assertEquals(failed.allow, false);
  const controller = new AbortController();
  gate.setApprover(() => {
    controller.abort();
    return Promise.resolve({ choice: "once" });
  });
  const aborted = await gate.decide(call("bash"), undefined, controller.signal, () => {});
  assertEquals(aborted.allow, false);
});

Deno.test("previews pick the telling field and stay on one short line", () => {
  assertEquals(previewArgs({ command: "ls\n  -la" }), "ls -la");
  assertEquals(previewArgs({ path: "a.txt", content: "x" }), "a.txt");
  assertEquals(previewArgs({ x: 1 }), '{"x":1}');
  assertEquals(previewArgs({ command: "y".repeat(300) }).length, 120);
});
