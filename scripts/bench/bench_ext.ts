/**
 * The extension the host benchmark drives (raw protocol, Deno): an `echo` tool, a
 * `flood` command that pushes N notify frames, and a turn_start counter that says
 * "events done" after the event whose step is $BENCH_EVENTS.
 */

const encoder = new TextEncoder();
const out = Deno.stdout.writable.getWriter();
const write = (text: string) => out.write(encoder.encode(text));
const frame = (f: Record<string, unknown>) => JSON.stringify(f) + "\n";
const lastStep = Number(Deno.env.get("BENCH_EVENTS") ?? "0");

await write(
  frame({ type: "hello", name: Deno.env.get("BENCH_NAME") ?? "bench", version: "1.0.0" }) +
    frame({
      type: "register_tool",
      name: "echo",
      description: "echo",
      schema: { type: "object", properties: { text: { type: "string" } } },
    }) +
    frame({ type: "register_command", name: "flood" }) +
    frame({ type: "subscribe", events: ["turn_start"] }) +
    frame({ type: "ready" }),
);

async function flood(id: string, count: number) {
  const line = frame({ type: "notify", level: "info", message: "tick" });
  const batch = line.repeat(1000);
  for (let sent = 0; sent < count; sent += 1000) {
    await write(count - sent >= 1000 ? batch : line.repeat(count - sent));
  }
  await write(frame({ type: "command_response", id, action: "noop" }));
}

const decoder = new TextDecoder();
let tail = "";
for await (const chunk of Deno.stdin.readable) {
  tail += decoder.decode(chunk, { stream: true });
  let nl: number;
  let reply = "";
  while ((nl = tail.indexOf("\n")) >= 0) {
    const msg = JSON.parse(tail.slice(0, nl));
    tail = tail.slice(nl + 1);
    if (msg.type === "tool_call") {
      reply += frame({
        type: "tool_result",
        id: msg.id,
        content: [{ type: "text", text: msg.args.text }],
      });
    } else if (msg.type === "event" && msg.step === lastStep) {
      reply += frame({ type: "notify", level: "info", message: "events done" });
    } else if (msg.type === "command_invoked") {
      await flood(msg.id, Number(msg.args));
    } else if (msg.type === "shutdown") {
      await write(reply + frame({ type: "shutdown_ack" }));
      Deno.exit(0);
    }
  }
  if (reply) await write(reply);
}
