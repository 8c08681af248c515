/** The examples that speak the protocol by hand: hello-py (Python), clock (Node), jq-echo (sh + jq). */

import { assert, assertEquals } from "../support/assert.ts";
import { FakeHost } from "../support/fake_ext_host.ts";

const EXAMPLES = new URL("../../extensions/examples/", import.meta.url).pathname;

/** Starts an example and reads its frames up to `ready` (or the first `count` for hello-py). */
async function start(name: string): Promise<FakeHost> {
  return await FakeHost.fromManifest(EXAMPLES + name);
}

Deno.test("hello-py: the Quick start, verbatim: /hellopy prompts a greeting", async () => {
  const host = await start("hello-py");
  try {
    assertEquals(await host.next(), {
      type: "hello",
      name: "hello-py",
      version: "1.0.0",
      capabilities: ["commands"],
    });
    assertEquals(await host.next(), {
      type: "register_command",
      name: "hellopy",
      description: "say hi (python)",
    });
    await host.send({
      type: "hello_ack",
      protocol_version: 1,
      zot_version: "0.1.0",
      provider: "p",
      model: "m",
      cwd: "/",
      extension_dir: "/",
      data_dir: "/",
    });
    assertEquals(await host.request({ type: "command_invoked", id: "1", name: "hellopy" }), {
      type: "command_response",
      id: "1",
      action: "prompt",
      prompt: "Greet me very briefly. Add one emoji.",
    });
    assertEquals(await host.shutdown(), 0);
  } finally {
    await host.close();
  }
});

Deno.test("clock: /now displays the time, /uptime prompts, unknown commands error", async () => {
  const host = await start("clock");
  try {
    const { hello, frames } = await host.handshake();
    assertEquals(hello, {
      type: "hello",
      name: "clock",
      version: "1.0.0",
      capabilities: ["commands"],
    });
    assertEquals(frames.map((f) => f.name), ["now", "uptime"]);
    const before = Date.now();
    const now = await host.request({ type: "command_invoked", id: "1", name: "now" });
    assertEquals(now.action, "display");
    const iso = String(now.display).match(/\((\d{4}-\d\d-\d\dT[\d:.]+Z)\)$/);
    assert.ok(iso, String(now.display));
    assert.ok(Math.abs(Date.parse(iso[1]) - before) < 60_000, "the time is current");
    const uptime = await host.request({ type: "command_invoked", id: "2", name: "uptime" });
    assertEquals(uptime.action, "prompt");
    assert.match(String(uptime.prompt), /^This zot session has been running for \d+s\. /);
    await host.send("not json");
    assertEquals(await host.request({ type: "command_invoked", id: "3", name: "nope" }), {
      type: "command_response",
      id: "3",
      action: "noop",
      error: 'unknown command "nope"',
    });
    assertEquals(await host.shutdown(), 0);
  } finally {
    await host.close();
  }
});

Deno.test("clock: a frame split across writes and U+2028 in args are handled", async () => {
  const host = await start("clock");
  try {
    await host.handshake();
    await host.sendByteByByte({ type: "command_invoked", id: "4", name: "now", args: "a\u2028b" });
    assertEquals((await host.nextReply()).id, "4");
    assertEquals(await host.shutdown(), 0);
  } finally {
    await host.close();
  }
});

Deno.test("jq-echo: /shout displays in capitals, upper upper-cases, bad input is survived", async () => {
  const host = await start("jq-echo");
  try {
    const { hello, frames } = await host.handshake();
    assertEquals(hello.capabilities, ["commands", "tools"]);
    assertEquals(frames.map((f) => [f.type, f.name]), [["register_command", "shout"], [
      "register_tool",
      "upper",
    ]]);
    assertEquals(
      await host.request({ type: "command_invoked", id: "1", name: "shout", args: "hello zot" }),
      {
        type: "command_response",
        id: "1",
        action: "display",
        display: "HELLO ZOT!",
      },
    );
    assertEquals(
      (await host.request({ type: "command_invoked", id: "2", name: "shout" })).error,
      "usage: /shout <text>",
    );
    await host.send("not json");
    await host.send("[1,2]");
    assertEquals(
      await host.request({ type: "tool_call", id: "3", name: "upper", args: { text: "déjà vu" } }),
      {
        type: "tool_result",
        id: "3",
        content: [{ type: "text", text: "DéJà VU" }],
      },
    );
    const bad = await host.request({ type: "tool_call", id: "4", name: "upper", args: {} });
    assertEquals(bad.is_error, true);
    assertEquals(
      (await host.request({ type: "tool_call", id: "5", name: "nope", args: {} })).is_error,
      true,
    );
    // shutdown_ack, then jq exits on its own while stdin is still open.
    await host.send({ type: "shutdown" });
    assertEquals(await host.next(), { type: "shutdown_ack" });
    assertEquals(await host.exitCode(), 0);
  } finally {
    await host.close();
  }
});
