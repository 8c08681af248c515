/** The TypeScript SDK in-process, over an in-memory transport. */

import { assert, assertEquals, assertRejects, assertThrows } from "../support/assert.ts";
import {
  createExtension,
  type Extension,
  type HostInfo,
  respond,
  result,
  type Transport,
} from "../../extensions/sdk/mod.ts";
import { TEST_HELLO_ACK } from "../support/fake_ext_host.ts";

type Frame = Record<string, unknown>;

/** Runs an extension against an in-memory host. */
class MemoryHost {
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  #frames: Frame[] = [];
  #waiters: ((frame: Frame) => void)[] = [];
  readonly done: Promise<void>;

  constructor(ext: Extension) {
    const pipe = new TransformStream<Uint8Array, Uint8Array>();
    this.#writer = pipe.writable.getWriter();
    const transport: Transport = {
      input: pipe.readable,
      write: (line) => {
        assert.ok(line.endsWith("\n") && !line.slice(0, -1).includes("\n"), "one line per frame");
        const frame = JSON.parse(line);
        const waiter = this.#waiters.shift();
        if (waiter) waiter(frame);
        else this.#frames.push(frame);
        return Promise.resolve();
      },
    };
    this.done = ext.run({ transport });
  }

  send(frame: Frame): Promise<void> {
    return this.#writer.write(new TextEncoder().encode(JSON.stringify(frame) + "\n"));
  }

  next(): Promise<Frame> {
    const frame = this.#frames.shift();
    if (frame) return Promise.resolve(frame);
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  async shutdown(): Promise<void> {
    await this.send({ type: "shutdown" });
    assertEquals(await this.next(), { type: "shutdown_ack" });
    await this.done;
    await this.#writer.close().catch(() => {});
    assertEquals(this.#frames, [], "nothing after shutdown_ack");
  }
}

Deno.test("onHello can register by host info; notes sent early follow ready", async () => {
  const ext = createExtension({ name: "cond", version: "2.0.0" });
  ext.notify("info", "early");
  let seen: HostInfo | undefined;
  ext.waitForHost().then((host) => seen = host);
  ext.onHello((host) => {
    if (host.model === "claude-test") ext.command("only", "for claude-test", () => respond.noop());
  });
  const host = new MemoryHost(ext);
  assertEquals(await host.next(), {
    type: "hello",
    name: "cond",
    version: "2.0.0",
    capabilities: ["cancel"],
  });
  await host.send({ ...TEST_HELLO_ACK });
  assertEquals(await host.next(), {
    type: "register_command",
    name: "only",
    description: "for claude-test",
  });
  assertEquals(await host.next(), { type: "ready" });
  assertEquals(await host.next(), { type: "notify", level: "info", message: "early" });
  assertEquals(ext.host?.data_dir, TEST_HELLO_ACK.data_dir);
  assertEquals(seen?.model, "claude-test");
  await host.shutdown();
});

Deno.test("registrations after ready are sent at once", async () => {
  const ext = createExtension({ name: "late" });
  const host = new MemoryHost(ext);
  await host.next();
  await host.send({ ...TEST_HELLO_ACK });
  assertEquals(await host.next(), { type: "ready" });
  ext.tool("t", "late tool", { type: "object" }, () => "ok");
  assertEquals((await host.next()).type, "register_tool");
  ext.on("turn_end", () => {});
  assertEquals(await host.next(), { type: "subscribe", events: ["turn_end"], intercept: [] });
  await host.send({ type: "tool_call", id: "9", name: "t", args: {} });
  assertEquals(await host.next(), {
    type: "tool_result",
    id: "9",
    content: [{ type: "text", text: "ok" }],
  });
  await host.shutdown();
});

Deno.test("handlers get the request id and name; garbage returns become errors", async () => {
  const ext = createExtension({ name: "ctx" });
  ext.command("who", "", (_args, call) => respond.display(`${call.name}/${call.id}`));
  ext.command("junk", "", () => 42 as never);
  ext.tool("junk", "", { type: "object" }, () => 42 as never);
  ext.tool("id", "", { type: "object" }, (_args, call) => result.text(call.id));
  const host = new MemoryHost(ext);
  await host.next();
  await host.send({ ...TEST_HELLO_ACK });
  for (let i = 0; i < 5; i++) await host.next();
  await host.send({ type: "command_invoked", id: "c7", name: "who" });
  assertEquals((await host.next()).display, "who/c7");
  await host.send({ type: "command_invoked", id: "c8", name: "junk" });
  assert.match(String((await host.next()).error), /not a response/);
  await host.send({ type: "tool_call", id: "t1", name: "junk", args: {} });
  const junk = await host.next();
  assertEquals(junk.is_error, true);
  await host.send({ type: "tool_call", id: "t2", name: "id" });
  assertEquals(await host.next(), {
    type: "tool_result",
    id: "t2",
    content: [{ type: "text", text: "t2" }],
  });
  await host.shutdown();
});

Deno.test("cancel aborts the handler's signal and its answer is not sent; progress is", async () => {
  const ext = createExtension({ name: "slow" });
  let reason = "";
  ext.tool("crawl", "slow", { type: "object" }, async (_args, call) => {
    await call.progress({ message: "started", fraction: 0 });
    if (!call.signal.aborted) {
      await new Promise((resolve) => call.signal.addEventListener("abort", resolve));
    }
    reason = String((call.signal.reason as Error).message);
    return "too late";
  });
  ext.tool("quick", "fast", { type: "object" }, () => "quick");
  const host = new MemoryHost(ext);
  assertEquals((await host.next()).capabilities, ["cancel", "tools"]);
  await host.send({ ...TEST_HELLO_ACK });
  for (let i = 0; i < 3; i++) await host.next();
  await host.send({ type: "tool_call", id: "t1", name: "crawl", args: {} });
  assertEquals(await host.next(), { type: "progress", id: "t1", message: "started", fraction: 0 });
  await host.send({ type: "cancel", id: "t1", reason: "aborted" });
  await host.send({ type: "tool_call", id: "t2", name: "quick", args: {} });
  assertEquals((await host.next()).id, "t2");
  await host.shutdown();
  assertEquals(reason, "cancelled by zot: aborted");
});

Deno.test("bad registrations are refused up front", () => {
  const ext = createExtension({ name: "x" });
  ext.command("a", "", () => {});
  assertThrows(() => ext.command("a", "", () => {}), TypeError);
  ext.tool("t", "", {}, () => "");
  assertThrows(() => ext.tool("t", "", {}, () => ""), TypeError);
  assertThrows(() => ext.on("teleport" as never, () => {}), TypeError);
  assertThrows(() => ext.intercept("turn_end" as never, () => {}), TypeError);
  ext.intercept("tool_call", () => {});
  assertThrows(() => ext.intercept("tool_call", () => {}), TypeError);
  assertThrows(() => createExtension({ name: "" }), TypeError);
});

Deno.test("an extension runs once", async () => {
  const ext = createExtension({ name: "once" });
  const host = new MemoryHost(ext);
  await host.next();
  const idle = new ReadableStream<Uint8Array>();
  await assertRejects(
    () => ext.run({ transport: { input: idle, write: () => Promise.resolve() } }),
    Error,
  );
  await idle.cancel();
  await host.send({ ...TEST_HELLO_ACK });
  await host.next();
  await host.shutdown();
});
