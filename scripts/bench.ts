/**
 * zot's benchmarks. Each suite reports results beside a baseline measured in the same
 * run, so what matters is the ratio, not the machine. Add a suite by adding an entry
 * to SUITES (a name and a function returning BenchResult rows).
 *
 * Usage: deno task bench [suite…]   (no names: every suite)
 */

import { benchAgent } from "./bench/agent_bench.ts";
import { runCliBench } from "./bench/cli_bench.ts";
import { type BenchResult, formatResult, runExtBench } from "./bench/ext_bench.ts";
import { runFloodBench } from "./bench/flood_bench.ts";
import { runSpawnBench } from "./bench/spawn_bench.ts";
import { runTuiBench } from "./bench/tui_bench.ts";

/** A named group of benchmarks. */
interface Suite {
  name: string;
  description: string;
  run(): Promise<BenchResult[]>;
}

const SUITES: Suite[] = [
  {
    name: "cli",
    description: "whole process: zot --version/--help/ext list/-p (0, 1, 20 extensions), peak RSS",
    run: () => runCliBench(),
  },
  {
    name: "ext",
    description: "extension host: spawn+handshake, tool-call latency, notify/event throughput",
    run: () => runExtBench(),
  },
  {
    name: "spawn",
    description: "spawning 20 children: detached (process group), setsid(1), bwrap PID namespace",
    run: () => runSpawnBench(),
  },
  {
    name: "agent",
    description: "agent overhead per turn against a local provider server",
    run: async () => {
      const r = await benchAgent();
      return [{
        name: "agent turn (median)",
        value: r.agentMs,
        baseline: r.serverMs,
        unit: "ms",
        ratio: r.ratio,
        baselineName: "the same streamed answer fetched raw",
      }];
    },
  },
  {
    name: "flood",
    description: "1M notify frames into the real TUI (tmux): keystroke and peak RSS vs idle",
    run: () => runFloodBench(),
  },
  {
    name: "tui",
    description: "TUI: render a 2,000-message transcript, keystroke latency while streaming",
    run: () => runTuiBench(),
  },
];

const wanted = Deno.args.length > 0 ? Deno.args : SUITES.map((s) => s.name);
const unknown = wanted.filter((name) => !SUITES.some((s) => s.name === name));
if (unknown.length > 0) {
  console.error(
    `unknown suite(s): ${unknown.join(", ")}; known: ${SUITES.map((s) => s.name).join(", ")}`,
  );
  Deno.exitCode = 2;
} else {
  for (const suite of SUITES.filter((s) => wanted.includes(s.name))) {
    console.log(`# ${suite.name}: ${suite.description}`);
    for (const row of await suite.run()) console.log(formatResult(row));
  }
}
