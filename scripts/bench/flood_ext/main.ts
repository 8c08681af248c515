// The flood benchmark's extension (raw protocol): /flood N writes N notify frames as fast
// as the pipe takes them, then answers the command with "flooded N".
const encoder = new TextEncoder();
const out = Deno.stdout.writable.getWriter();
const frame = (f: Record<string, unknown>) => JSON.stringify(f) + "\n";
await out.write(encoder.encode(
  frame({ type: "hello", name: "flood", capabilities: ["commands"] }) +
    frame({ type: "register_command", name: "flood", description: "send N notifies" }) +
    frame({ type: "ready" }),
));

async function flood(id: string, count: number): Promise<void> {
  const line = frame({ type: "notify", level: "info", message: "flood notice" });
  const batch = encoder.encode(line.repeat(1000));
  for (let sent = 0; sent < count; sent += 1000) await out.write(batch);
  await out.write(encoder.encode(
    frame({ type: "command_response", id, action: "display", display: `flooded ${count}` }),
  ));
}

let buffer = "";
const decoder = new TextDecoder();
for await (const chunk of Deno.stdin.readable) {
  buffer += decoder.decode(chunk, { stream: true });
  let nl;
  while ((nl = buffer.indexOf("\n")) >= 0) {
    const msg = JSON.parse(buffer.slice(0, nl));
    buffer = buffer.slice(nl + 1);
    if (msg.type === "shutdown") {
      await out.write(encoder.encode(frame({ type: "shutdown_ack" })));
      Deno.exit(0);
    }
    if (msg.type === "command_invoked") void flood(msg.id, Number(msg.args || 1_000_000));
  }
}
