/** Protocol 1.1 in the host: negotiation, tool_result/user_prompt chains, ask, dialogs. */

import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../../support/assert.ts";
import { deferred, pySpec, readJsonLines, startHost, TempHome } from "../../support/ext_host.ts";
import type { UiRequest } from "../../../src/extensions/mod.ts";

type Steps = Record<string, unknown>[];

/** A scripted 1.1 extension that answers intercepts of `event` with `answer`. */
function interceptor(name: string, event: string, answer: Steps, record?: string) {
  return pySpec(name, {
    hello: { name, protocol: "1.1" },
    startup: [{ type: "subscribe", events: [], intercept: [event] }, { type: "ready" }],
    on: { [`event_intercept:${event}`]: answer },
    ...(record ? { record } : {}),
  });
}

const respond = (fields: Record<string, unknown>) => [
  { type: "event_intercept_response", id: "$id", ...fields },
];

const run = {
  id: "t1",
  name: "read",
  args: { path: "a.txt" },
  content: [{ type: "text" as const, text: "original" }],
  isError: false,
  durationMs: 4,
};

Deno.test("hello_ack: v1 hello gets the v1 frame, a 1.1 hello gets protocol and features", async () => {
  await using home = await TempHome.create();
  const v1 = join(home.dir, "v1.jsonl");
  const v11 = join(home.dir, "v11.jsonl");
  await using _host = await startHost(home, [
    pySpec("old", { record: v1, startup: [{ type: "ready" }] }),
    pySpec("new", {
      hello: { name: "new", protocol: "1.1" },
      record: v11,
      startup: [{ type: "ready" }],
    }),
  ]);
  const oldAck = await recorded(v1, "hello_ack");
  const newAck = await recorded(v11, "hello_ack");
  assertEquals(Object.keys(oldAck).sort(), [
    "cwd",
    "data_dir",
    "extension_dir",
    "model",
    "protocol_version",
    "provider",
    "type",
    "zot_version",
  ]);
  assertEquals(newAck.protocol, "1.1");
  assert(Array.isArray(newAck.features) && newAck.features.includes("ui_request"));
});

Deno.test("tool_result: replacements and context chain in order; a guard that times out changes nothing", async () => {
  await using home = await TempHome.create();
  const seen = join(home.dir, "b.jsonl");
  await using host = await startHost(home, [
    interceptor(
      "a",
      "tool_result",
      respond({ replace_content: [{ type: "text", text: "A" }], is_error: true }),
    ),
    interceptor("b", "tool_result", respond({ additional_context: "B" }), seen),
    interceptor("slow", "tool_result", [{ $sleep: 2000 }, ...respond({ replace_content: [] })]),
  ], { interceptTimeoutMs: 300 });
  const verdict = await host.interceptToolResult(run);
  assertEquals(verdict, {
    content: [{ type: "text", text: "A" }, { type: "text", text: "B" }],
    isError: true,
    changedBy: ["a", "b"],
  });
  const asked = (await readJsonLines(seen)).find((f) => f.type === "event_intercept")!;
  assertEquals(asked.content, [{ type: "text", text: "A" }], "b saw a's replacement");
  assertEquals(asked.is_error, true);
  assertEquals(asked.duration_ms, 4);
  await host.shutdown(); // flushes the logs
  assertIncludes(await home.log("slow"), "tool_result intercept");
  assertIncludes(await home.log("slow"), "going on without its answer");
});

Deno.test("tool_result: a bad block in replace_content becomes visible text, not a crash", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [
    interceptor("a", "tool_result", respond({ replace_content: [{ type: "image", data: "!!" }] })),
  ]);
  const verdict = await host.interceptToolResult(run);
  assertIncludes(JSON.stringify(verdict.content), "image block without mime_type or data");
});

Deno.test("user_prompt: rewrite and context chain; the first block wins and names the guard", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [
    interceptor("r", "user_prompt", respond({ replace_text: "rewritten" })),
    interceptor("c", "user_prompt", respond({ additional_context: "ctx" })),
  ]);
  assertEquals(await host.interceptUserPrompt("hi"), {
    action: "allow",
    text: "rewritten",
    context: [{ extension: "c", text: "ctx" }],
    rewrittenBy: ["r"],
  });
  await using home2 = await TempHome.create();
  await using blocking = await startHost(home2, [
    interceptor("c", "user_prompt", respond({ additional_context: "ctx" })),
    interceptor("b", "user_prompt", respond({ block: true, reason: "no" })),
  ]);
  assertEquals(await blocking.interceptUserPrompt("hi"), {
    action: "block",
    extension: "b",
    reason: "no",
  });
});

Deno.test("user_prompt: a guard that dies lets the prompt through unchanged", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [interceptor("dies", "user_prompt", [{ $exit: 3 }])]);
  assertEquals(await host.interceptUserPrompt("hi"), {
    action: "allow",
    text: "hi",
    context: [],
    rewrittenBy: [],
  });
});

Deno.test("tool_call ask: the first ask is kept while later guards still rewrite", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [
    interceptor("asker", "tool_call", respond({ ask: true, reason: "careful" })),
    interceptor("other", "tool_call", respond({ ask: true, reason: "second" })),
    interceptor("rw", "tool_call", respond({ modified_args: { command: "ls -la" } })),
  ]);
  assertEquals(await host.interceptToolCall({ id: "c", name: "bash", args: { command: "ls" } }), {
    action: "allow",
    args: { command: "ls -la" },
    rewrittenBy: ["rw"],
    ask: { extension: "asker", reason: "careful" },
  });
});

/** An extension that asks one dialog at startup and records the answer. */
function asker(name: string, request: Record<string, unknown>, record: string) {
  return pySpec(name, {
    hello: { name, protocol: "1.1" },
    startup: [{ type: "ready" }, { type: "ui_request", id: "q", ...request }],
    record,
  });
}

/** The first frame of `type` the extension recorded (it writes its record as it goes). */
async function recorded(file: string, type: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 400; i++) {
    const frame = (await readJsonLines(file).catch(() => [])).find((f) => f.type === type);
    if (frame) return frame;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no ${type} was recorded in ${file}`);
}

function answerOf(file: string): Promise<Record<string, unknown>> {
  return recorded(file, "ui_response");
}

Deno.test("ui_request: the mode's answer goes back as ui_response", async () => {
  await using home = await TempHome.create();
  const record = join(home.dir, "q.jsonl");
  const asked = deferred<UiRequest>();
  await using _host = await startHost(
    home,
    [
      asker("d", { kind: "select", title: "Pick", options: ["a", "b"] }, record),
    ],
    {},
    {
      onUiRequest: (r) => {
        asked.resolve(r);
        return Promise.resolve({ value: "b" });
      },
    },
  );
  const request = await asked.promise;
  assertEquals([request.extension, request.kind, request.title, request.options], [
    "d",
    "select",
    "Pick",
    ["a", "b"],
  ]);
  assertEquals(await answerOf(record), { type: "ui_response", id: "q", value: "b" });
});

Deno.test("ui_request: nobody to ask gives the default, else cancelled; a bad request is cancelled", async () => {
  await using home = await TempHome.create();
  const withDefault = join(home.dir, "d.jsonl");
  const without = join(home.dir, "n.jsonl");
  const bad = join(home.dir, "b.jsonl");
  await using _host = await startHost(home, [
    asker("d", { kind: "confirm", title: "Ok?", default: true }, withDefault),
    asker("n", { kind: "input", title: "Name?" }, without),
    asker("b", { kind: "select", title: "Pick" }, bad),
  ]);
  assertEquals(await answerOf(withDefault), { type: "ui_response", id: "q", value: true });
  assertEquals(await answerOf(without), { type: "ui_response", id: "q", cancelled: true });
  assertEquals(await answerOf(bad), { type: "ui_response", id: "q", cancelled: true });
  assertIncludes(await home.log("b"), "a select needs options");
});

Deno.test("ui_request: a dialog that times out answers its default and aborts the mode's question", async () => {
  await using home = await TempHome.create();
  const record = join(home.dir, "t.jsonl");
  const aborted = deferred<void>();
  await using _host = await startHost(
    home,
    [
      asker("t", { kind: "input", title: "Slow?", default: "fallback", timeout_ms: 200 }, record),
    ],
    {},
    {
      onUiRequest: (r) =>
        new Promise(() =>
          r.signal.addEventListener("abort", () => aborted.resolve(), { once: true })
        ),
    },
  );
  assertEquals(await answerOf(record), { type: "ui_response", id: "q", value: "fallback" });
  await aborted.promise;
});

Deno.test("ui_request: a flood of dialogs and a reused id are answered cancelled, not queued", async () => {
  await using home = await TempHome.create();
  const record = join(home.dir, "f.jsonl");
  const shown: string[] = [];
  const ask = (id: string) => ({ type: "ui_request", id, kind: "confirm", title: id });
  await using _host = await startHost(
    home,
    [
      pySpec("f", {
        hello: { name: "f", protocol: "1.1" },
        startup: [{ type: "ready" }, ...["a", "b", "c", "d", "e", "a"].map(ask)],
        record,
      }),
    ],
    {},
    {
      onUiRequest: (r) => {
        shown.push(r.title);
        return new Promise(() => {}); // never answered: every slot stays taken
      },
    },
  );
  const cancelled = async () =>
    (await readJsonLines(record).catch(() => [])).filter((f) => f.type === "ui_response");
  for (let i = 0; i < 400 && (await cancelled()).length < 2; i++) {
    await new Promise((r) => setTimeout(r, 25));
  }
  assertEquals((await cancelled()).map((f) => [f.id, f.cancelled]), [["e", true], ["a", true]]);
  assertEquals(shown, ["a", "b", "c", "d"]);
  assertIncludes(await home.log("f"), "more than 4 dialogs open at once");
});
