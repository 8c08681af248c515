// The floor of the work in `zot -p` itself: a Deno script making the same streamed chat
// request to the same scripted server and reading the answer to its end.
const [url] = Deno.args;
const res = await fetch(`${url}/v1/chat/completions`, {
  method: "POST",
  headers: { "content-type": "application/json", authorization: "Bearer bench" },
  body: JSON.stringify({
    model: "gpt-4o-mini",
    stream: true,
    stream_options: { include_usage: true },
    messages: [{ role: "user", content: "hi" }],
  }),
});
await res.text();
