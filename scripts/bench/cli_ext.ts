/**
 * The extension `zot -p` starts in the whole-process benchmark (copied into each bench
 * extension's folder): hello with the name given as its argument, ready, then it waits
 * for shutdown. Raw protocol, no SDK, no permissions.
 */

const encoder = new TextEncoder();
const name = Deno.args[0] ?? "bench";
const out = Deno.stdout.writable.getWriter();
await out.write(encoder.encode(
  JSON.stringify({ type: "hello", name, version: "1.0.0" }) + "\n" +
    JSON.stringify({ type: "ready" }) + "\n",
));
const decoder = new TextDecoder();
let tail = "";
for await (const chunk of Deno.stdin.readable) {
  tail += decoder.decode(chunk, { stream: true });
  if (tail.includes('"shutdown"')) {
    await out.write(encoder.encode(JSON.stringify({ type: "shutdown_ack" }) + "\n"));
    break;
  }
}
