/**
 * Agent overhead per turn: a full Agent turn (real Anthropic provider over HTTP+SSE to the
 * local scripted server) against the same server answered to a bare fetch that only reads
 * the stream. Reported as a ratio measured in the same run, never as an absolute budget.
 *
 *   deno run -A scripts/bench/agentTimesbench.ts [iterations]
 */

import { Agent } from "../../src/agent/mod.ts";
import { ZotPaths } from "../../src/config/mod.ts";
import { createProvider } from "../../src/providers/mod.ts";
import { ProviderServer } from "../../tests/support/provider_server.ts";
import { median } from "./stats.ts";

/** What benchAgent measured (medians, in milliseconds). */
export interface AgentBenchResult {
  iterations: number;
  /** Median time for the server to answer one streamed turn to a bare fetch. */
  serverMs: number;
  /** Median time of one Agent.prompt turn with the same answer. */
  agentMs: number;
  /** agentMs / serverMs: what the agent loop and provider add on top of the wire. */
  ratio: number;
}

const ANSWER = {
  text: "Here is a reasonably long answer, streamed in many small deltas. ".repeat(20),
  usage: { input: 1200, output: 300 },
  deltaSize: 16,
};

/** Measures agent overhead per turn against the local server; for scripts/bench.ts. */
export async function benchAgent(options: { iterations?: number } = {}): Promise<AgentBenchResult> {
  const iterations = options.iterations ?? 40;
  const home = await Deno.makeTempDir({ prefix: "zot-bench-" });
  const server = await ProviderServer.start();
  try {
    const body = JSON.stringify({
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      stream: true,
      messages: [{ role: "user", content: "hi" }],
    });
    const serverTimes: number[] = [];
    const agentTimes: number[] = [];
    const provider = createProvider({
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      apiKey: "bench",
      baseUrl: server.url,
      paths: new ZotPaths(home),
      env: { get: () => undefined },
    });
    // Warm both paths once (JIT, connection pool) before measuring.
    for (let i = -1; i < iterations; i++) {
      server.reply(ANSWER);
      let start = performance.now();
      const res = await fetch(`${server.url}/v1/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": "bench" },
        body,
      });
      await res.arrayBuffer();
      if (i >= 0) serverTimes.push(performance.now() - start);

      server.reply(ANSWER);
      const agent = new Agent({ provider, model: "claude-sonnet-4-5", system: "bench", cwd: home });
      start = performance.now();
      const result = await agent.prompt("hi");
      if (result.stop !== "end") throw new Error(`bench turn failed: ${result.error}`);
      if (i >= 0) agentTimes.push(performance.now() - start);
    }
    const serverMs = median(serverTimes);
    const agentMs = median(agentTimes);
    return { iterations, serverMs, agentMs, ratio: agentMs / serverMs };
  } finally {
    await server.close();
    await Deno.remove(home, { recursive: true });
  }
}

if (import.meta.main) {
  const iterations = Number(Deno.args[0] ?? 40);
  const r = await benchAgent({ iterations });
  console.log(
    `agent turn: ${r.agentMs.toFixed(2)} ms median vs server ${r.serverMs.toFixed(2)} ms ` +
      `(ratio ${r.ratio.toFixed(2)}x, ${r.iterations} turns)`,
  );
}
