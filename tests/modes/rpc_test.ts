import { runRpc, timingSafeEqual } from "../../src/modes/mod.ts";
import { CancelledError, ZotError } from "../../src/errors/mod.ts";
import type { ModeContext, SlashHost } from "../../src/modes/mod.ts";
import { assert, assertEquals, assertRejects } from "../support/assert.ts";
import { hangAfter, say } from "../support/fake_provider.ts";
import type { ScriptStep } from "../support/fake_provider.ts";
import { fakeContext, FakeSlashHost } from "./support.ts";

type Line = Record<string, unknown>;

/** Drives runRpc in-process: send lines, await the lines it writes. */
class Harness {
  lines: Line[] = [];
  #waiters: { test: (l: Line) => boolean; resolve: (l: Line) => void }[] = [];
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  done: Promise<void>;
  ctx: ModeContext;

  constructor(ctx: ModeContext, token?: string) {
    this.ctx = ctx;
    const pipe = new TransformStream<Uint8Array, Uint8Array>();
    this.#writer = pipe.writable.getWriter();
    let buffer = "";
    ctx.output.out = (text: string) => {
      buffer += text;
      let nl;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = JSON.parse(buffer.slice(0, nl)) as Line;
        buffer = buffer.slice(nl + 1);
        this.lines.push(line);
        for (const w of [...this.#waiters]) {
          if (w.test(line)) {
            this.#waiters.splice(this.#waiters.indexOf(w), 1);
            w.resolve(line);
          }
        }
      }
    };
    this.done = runRpc(ctx, { input: pipe.readable, token });
  }

  async send(line: string | Line): Promise<void> {
    const text = typeof line === "string" ? line : JSON.stringify(line);
    await this.#writer.write(new TextEncoder().encode(text + "\n"));
  }

  next(test: (l: Line) => boolean): Promise<Line> {
    const seen = this.lines.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.#waiters.push({ test, resolve }));
  }

  response(id: string): Promise<Line> {
    return this.next((l) => l.type === "response" && l.id === id);
  }

  async request(command: Line): Promise<Line> {
    await this.send(command);
    return await this.response(command.id as string);
  }

  async close(): Promise<void> {
    await this.#writer.close();
    await this.done;
  }
}

function harness(script: ScriptStep[], slash?: SlashHost, token?: string): Harness {
  return new Harness(fakeContext(script, { slash }).ctx, token);
}

Deno.test("every command gets exactly one response with the original envelope", async () => {
  const h = harness([]);
  assertEquals(await h.request({ id: "1", type: "ping" }), {
    type: "response",
    id: "1",
    command: "ping",
    success: true,
    data: { pong: true },
  });
  const hello = await h.request({ id: "2", type: "hello" });
  assertEquals(hello.data, {
    protocol_version: 1,
    version: "9.9.9",
    provider: "fake",
    model: "fake-model",
  });
  const state = await h.request({ id: "3", type: "get_state" });
  assertEquals(state.data, {
    provider: "fake",
    model: "fake-model",
    cwd: "/work",
    message_count: 0,
    busy: false,
    queued: 0,
    auto_submit: false,
    usage: { input: 0, output: 0, cache_read: 0, cache_write: 0, cost_usd: 0 },
  });
  assertEquals((await h.request({ id: "4", type: "nope" })).error, `unknown command "nope"`);
  await h.send("{not json");
  const malformed = await h.next((l) => l.command === "" && l.type === "response");
  assertEquals(malformed.success, false);
  assert.ok(String(malformed.error).startsWith("malformed json: "));
  assertEquals(malformed.id, undefined);
  await h.send(`[1,2]`);
  await h.send(`{"id":"5"}`);
  const noType = await h.response("5");
  assertEquals([noType.command, noType.success], ["", false]);
  const models = await h.request({ id: "6", type: "get_models" });
  assertEquals((models.data as { models: Line[] }).models[1], {
    id: "fake-big",
    provider: "fake",
    context_window: 9000,
    max_output: 900,
    reasoning: true,
  });
  assertEquals((await h.request({ id: "7", type: "set_model", model: "fake-big" })).data, {
    model: "fake-big",
  });
  assertEquals(h.ctx.agent.model, "fake-big");
  assert.ok(
    String((await h.request({ id: "8", type: "set_model", model: "gpt-x" })).error).includes(
      "unknown model",
    ),
  );
  await h.close();
  // One response per line sent: 8 requests, the 3 malformed lines, and 1 more set_model.
  assertEquals(h.lines.filter((l) => l.type === "response").length, 10);
});

Deno.test("a prompt responds at once, then streams events and ends with done", async () => {
  const h = harness([say("hello there")]);
  await h.send({ id: "p1", type: "prompt", message: "hi" });
  const done = await h.next((l) => l.type === "done");
  const types = h.lines.map((l) => l.type);
  assertEquals(types[0], "response");
  assertEquals(h.lines[0].data, { started: true });
  assertEquals(types.slice(1), [
    "user_message",
    "turn_start",
    "assistant_start",
    "text_delta",
    "usage",
    "assistant_message",
    "turn_end",
    "done",
  ]);
  assertEquals(done, { type: "done", stop: "end", request_id: "p1", id: "p1" });
  // Every event of the prompt names the command that started it.
  assertEquals(h.lines.slice(1).every((l) => l.request_id === "p1"), true);
  const messages = await h.request({ id: "m", type: "get_messages" });
  assertEquals((messages.data as { messages: Line[] }).messages.map((m) => m.role), [
    "user",
    "assistant",
  ]);
  await h.request({ id: "c", type: "clear" });
  assertEquals(((await h.request({ id: "s", type: "get_state" })).data as Line).message_count, 0);
  await h.close();
});

Deno.test("a prompt while busy is queued and answered immediately; abort drops the queue", async () => {
  let started!: () => void;
  const streaming = new Promise<void>((r) => started = r);
  const h = harness([hangAfter(["par", "tial"], () => started())]);
  await h.send({ id: "a", type: "prompt", message: "one" });
  await streaming;
  const second = await h.request({ id: "b", type: "prompt", message: "two" });
  assertEquals(second.data, { started: false, queued: true, position: 1 });
  const state = await h.request({ id: "s", type: "get_state" });
  assertEquals([(state.data as Line).busy, (state.data as Line).queued], [true, 1]);
  const busyClear = await h.request({ id: "c", type: "clear" });
  assertEquals(busyClear.success, false);
  const abort = await h.request({ id: "x", type: "abort" });
  assertEquals(abort.data, { aborted: true });
  const doneA = await h.next((l) => l.type === "done" && l.id === "a");
  const doneB = await h.next((l) => l.type === "done" && l.id === "b");
  assertEquals([doneA.stop, doneB.stop], ["aborted", "aborted"]);
  assertEquals(h.lines.some((l) => l.type === "error"), false);
  const end = h.lines.find((l) => l.type === "turn_end");
  assertEquals(end?.stop, "aborted");
  const messages = await h.request({ id: "m", type: "get_messages" });
  const assistant = (messages.data as { messages: Line[] }).messages[1];
  assertEquals(assistant.content, [{ type: "text", text: "partial" }]);
  await h.close();
});

Deno.test("compact answers, then ends with compact_done and done", async () => {
  const h = harness([say("a1"), say("a2"), say("a3"), say("the summary")]);
  for (const id of ["1", "2", "3"]) {
    await h.send({ id, type: "prompt", message: `q${id}` });
    await h.next((l) => l.type === "done" && l.id === id);
  }
  const response = await h.request({ id: "k", type: "compact" });
  assertEquals(response.data, { started: true });
  await h.next((l) => l.type === "done" && l.id === "k");
  const tail = h.lines.slice(-2).map((l) => l.type);
  assertEquals(tail, ["compact_done", "done"]);
  assertEquals(h.lines.at(-2)?.summary, "the summary");
  await h.close();
});

Deno.test("stdin closing waits for the running prompt before returning", async () => {
  const h = harness([say("late answer")]);
  await h.send({ id: "p", type: "prompt", message: "hi" });
  await h.close();
  assertEquals(h.lines.at(-1), { type: "done", stop: "end", request_id: "p", id: "p" });
});

Deno.test("with a token, commands before hello are refused and a wrong token ends the server", async () => {
  const h = harness([], undefined, "s3cret");
  const refused = await h.request({ id: "1", type: "ping" });
  assertEquals(refused.error, "auth required: send hello with token first");
  const ok = await h.request({ id: "2", type: "hello", token: "s3cret" });
  assertEquals(ok.success, true);
  assertEquals((await h.request({ id: "3", type: "ping" })).success, true);
  await h.close();

  const bad = harness([], undefined, "s3cret");
  await bad.send({ id: "1", type: "hello", token: "guess" });
  const err = await assertRejects(() => bad.done, ZotError);
  assertEquals(err.code, "rpc_invalid_token");
  assertEquals(bad.lines[0].error, "invalid token");
});

Deno.test("timingSafeEqual compares by value", () => {
  assertEquals(timingSafeEqual("abc", "abc"), true);
  assertEquals(timingSafeEqual("abc", "abd"), false);
  assertEquals(timingSafeEqual("abc", "abcd"), false);
  assertEquals(timingSafeEqual("", ""), true);
});

Deno.test("command runs slash commands; list_commands and list_tools describe what exists", async () => {
  const slash = new FakeSlashHost()
    .add("show", (args) => ({ action: "display", display: `shown ${args}` }))
    .add("ask", () => ({ action: "prompt", prompt: "tell a joke" }))
    .add("bad", () => ({ action: "noop", error: "broken" }));
  const h = harness([say("a joke")], slash);
  const shown = await h.request({ id: "1", type: "command", name: "show", args: "x" });
  assertEquals(shown.data, { action: "display", extension: "fake-ext", text: "shown x" });
  const viaText = await h.request({ id: "2", type: "command", text: "/show y" });
  assertEquals((viaText.data as Line).text, "shown y");
  const asked = await h.request({ id: "3", type: "command", name: "ask" });
  assertEquals((asked.data as Line).started, true);
  await h.next((l) => l.type === "done");
  const bad = await h.request({ id: "4", type: "command", name: "bad" });
  assertEquals([bad.success, bad.error], [false, "extension /bad: broken"]);
  const list = await h.request({ id: "5", type: "list_commands" });
  const names = (list.data as { commands: Line[] }).commands.map((c) => c.name);
  assertEquals(names, ["help", "compact", "study", "yolo", "jail", "unjail", "ask", "bad", "show"]);
  const tools = await h.request({ id: "6", type: "list_tools" });
  assertEquals((tools.data as { tools: Line[] }).tools, []);
  await h.close();
});

Deno.test("work started by a command ends with a done carrying that command's id", async () => {
  const slash = new FakeSlashHost().add("ask", () => ({ action: "prompt", prompt: "a joke" }));
  const h = harness([say("a1"), say("a2"), say("a3"), say("the summary")], slash);
  await h.request({ id: "ask-1", type: "command", name: "ask" });
  assertEquals(await h.next((l) => l.type === "done"), {
    type: "done",
    stop: "end",
    request_id: "ask-1",
    id: "ask-1",
  });
  await h.request({ id: "study-1", type: "command", text: "/study" });
  await h.next((l) => l.type === "done" && l.id === "study-1");
  await h.request({ id: "p", type: "prompt", message: "more" });
  await h.next((l) => l.type === "done" && l.id === "p");
  const compact = await h.request({ id: "compact-1", type: "command", text: "/compact" });
  assertEquals((compact.data as Line).started, true);
  const done = await h.next((l) => l.type === "done" && l.id === "compact-1");
  assertEquals(h.lines.filter((l) => l.type === "done").map((l) => l.id), [
    "ask-1",
    "study-1",
    "p",
    "compact-1",
  ]);
  assertEquals(h.lines[h.lines.indexOf(done) - 1].type, "compact_done");
  await h.close();
});

Deno.test("notify becomes ext_notify; bad prompt fields get error responses", async () => {
  const { ctx, bus } = fakeContext([]);
  const h = new Harness(ctx);
  bus.notify({ extension: "e", level: "info", message: "hi" });
  assertEquals(await h.next((l) => l.type === "ext_notify"), {
    type: "ext_notify",
    extension: "e",
    level: "info",
    message: "hi",
  });
  assertEquals((await h.request({ id: "1", type: "prompt", message: "" })).success, false);
  assertEquals((await h.request({ id: "2", type: "prompt", message: 5 })).success, false);
  const img = await h.request({
    id: "3",
    type: "prompt",
    message: "x",
    images: [{ mime_type: "text/plain", data: "aGk=" }],
  });
  assertEquals(img.success, false);
  await h.close();
});

Deno.test("abort also cancels a slash command that is waiting for its extension", async () => {
  // An extension command that never answers by itself: only the abort signal ends it.
  const hanging: SlashHost = {
    commands: () => [{ name: "stuck", description: "never answers", extension: "fake-ext" }],
    invoke: (_name, _args, signal) =>
      new Promise((_, reject) => {
        signal?.addEventListener("abort", () => reject(new CancelledError("cancelled")), {
          once: true,
        });
      }),
  };
  const h = harness([], hanging);
  await h.send({ id: "c", type: "command", name: "stuck" });
  const aborted = await h.request({ id: "a", type: "abort" });
  assertEquals((aborted.data as Line).aborted, true);
  const stuck = await h.response("c");
  assertEquals(stuck.success, false);
  assert(String(stuck.error).includes("cancelled"), String(stuck.error));
  await h.close();
});
