import { assertEquals } from "../support/assert.ts";
import { createProvider } from "../../src/providers/mod.ts";
import { ProviderServer, type RecordedRequest } from "../support/provider_server.ts";
import { collect, doneOf, noEnv, request, tempHome } from "./harness.ts";

const SERVER = new URL("../support/provider_server.ts", import.meta.url).pathname;

Deno.test("provider_server runs as a process from a JSON script and records requests", async () => {
  await using paths = await tempHome();
  const script = `${paths.home}/script.json`;
  const record = `${paths.home}/requests.jsonl`;
  await Deno.writeTextFile(
    script,
    JSON.stringify({
      turns: [
        { error: { status: 429, message: "busy", retryAfter: 0 } },
        {
          blocks: [{ type: "tool_use", id: "t1", name: "read", input: { path: "a" } }],
          usage: { input: 5, output: 2 },
        },
        { text: "all done", stopReason: "end" },
      ],
    }),
  );
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", SERVER, "--script", script, "--record", record],
    stdout: "piped",
    stderr: "inherit",
    stdin: "null",
  }).spawn();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  try {
    let first = "";
    while (!first.includes("\n")) {
      const { value, done } = await lines.read();
      if (done) break;
      first += value;
    }
    const url = first.trim();
    const anthropic = createProvider({
      provider: "anthropic",
      apiKey: "k",
      baseUrl: url,
      paths,
      env: noEnv,
      retry: { delaysMs: [0] },
    });
    const turn1 = doneOf(await collect(anthropic.stream(request(anthropic))));
    assertEquals(turn1.content, [{
      type: "tool_call",
      id: "t1",
      name: "read",
      args: { path: "a" },
    }]);
    const openai = createProvider({
      provider: "openai",
      apiKey: "k",
      baseUrl: url,
      paths,
      env: noEnv,
    });
    const turn2 = doneOf(await collect(openai.stream(request(openai))));
    assertEquals(turn2.content, [{ type: "text", text: "all done" }]);

    const res = await fetch(`${url}/__zot/requests`);
    const seen = (await res.json()) as RecordedRequest[];
    assertEquals(seen.map((r) => r.format), ["anthropic", "anthropic", "openai"]);
    const recorded = (await Deno.readTextFile(record)).trim().split("\n").map((l) => JSON.parse(l));
    assertEquals(recorded.length, 3);
    assertEquals(recorded[2].path, "/v1/chat/completions");
  } finally {
    child.kill("SIGTERM");
    await lines.cancel();
    const status = await child.status;
    assertEquals(status.success, true, "exits cleanly on SIGTERM");
  }
});

/** The `data:` payloads of an SSE body, parsed (`[DONE]` kept as the string). */
function records(body: string): unknown[] {
  return body.split("\n\n").filter((r) => r !== "").map((record) => {
    const data = record.split("\n").find((l) => l.startsWith("data: "))!.slice(6);
    return data === "[DONE]" ? data : JSON.parse(data);
  });
}

Deno.test("provider_server: OpenAI chunks carry usage:null and a tool-only answer opens with role + tool call", async () => {
  await using server = await ProviderServer.start();
  server.reply({ blocks: [{ type: "tool_use", id: "call_1", name: "read", input: {} }] });
  const res = await fetch(`${server.url}/v1/chat/completions`, {
    method: "POST",
    body: JSON.stringify({
      model: "gpt-4o",
      stream: true,
      stream_options: { include_usage: true },
    }),
  });
  const chunks = records(await res.text());
  const choice = (i: number) => (chunks[i] as { choices: { delta: unknown }[] }).choices[0];
  assertEquals(choice(0).delta, {
    role: "assistant",
    content: null,
    tool_calls: [{
      index: 0,
      id: "call_1",
      type: "function",
      function: { name: "read", arguments: "" },
    }],
    refusal: null,
  });
  assertEquals(chunks.at(-1), "[DONE]");
  const [usage, ...rest] = chunks.slice(0, -1).reverse() as Record<string, unknown>[];
  assertEquals(usage.choices, []);
  assertEquals(typeof usage.usage, "object");
  for (const chunk of rest) assertEquals(chunk.usage, null, JSON.stringify(chunk));
});
