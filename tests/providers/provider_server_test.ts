import { assertEquals } from "../support/assert.ts";
import { createProvider } from "../../src/providers/mod.ts";
import type { RecordedRequest } from "../support/provider_server.ts";
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
