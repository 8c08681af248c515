/**
 * The raw pipe baseline for the host benchmark: no protocol, no host. Every mode first
 * prints "ready", so the benchmark can start its clock once Deno has started (the host's
 * clock starts after its extension is ready too). `echo` echoes every line; `tool` answers
 * every tool_call line with the tool_result frame the bench extension (bench_ext.ts) sends,
 * so both sides of the round trip parse and build the same JSON; `flood N`
 * waits for one line, then prints N lines in 1000-line writes; `count N` prints "done"
 * after reading N lines.
 */

const [mode, arg] = Deno.args;
const encoder = new TextEncoder();
const out = Deno.stdout.writable.getWriter();
const write = (text: string) => out.write(encoder.encode(text));
const line = JSON.stringify({ type: "notify", level: "info", message: "tick" }) + "\n";

await write("ready\n");
if (mode === "flood") {
  const count = Number(arg);
  const reader = Deno.stdin.readable.getReader();
  await reader.read();
  await reader.cancel();
  const batch = line.repeat(1000);
  for (let sent = 0; sent < count; sent += 1000) {
    await write(count - sent >= 1000 ? batch : line.repeat(count - sent));
  }
  await out.close();
} else {
  const target = Number(arg ?? "0");
  let seen = 0;
  let tail = "";
  for await (const chunk of Deno.stdin.readable) {
    if (mode === "echo") {
      await write(new TextDecoder().decode(chunk));
      continue;
    }
    if (mode === "tool") {
      tail += new TextDecoder().decode(chunk);
      let nl: number;
      let reply = "";
      while ((nl = tail.indexOf("\n")) >= 0) {
        const call = JSON.parse(tail.slice(0, nl));
        tail = tail.slice(nl + 1);
        const content = [{ type: "text", text: call.args.text }];
        reply += JSON.stringify({ type: "tool_result", id: call.id, content }) + "\n";
      }
      if (reply) await write(reply);
      continue;
    }
    for (const byte of chunk) if (byte === 10) seen++;
    if (seen >= target) {
      await write("done\n");
      break;
    }
  }
}
