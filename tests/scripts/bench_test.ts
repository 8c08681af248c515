import { assert, assertEquals } from "../support/assert.ts";
import { runCliBench } from "../../scripts/bench/cli_bench.ts";
import { runExtBench } from "../../scripts/bench/ext_bench.ts";
import { runSpawnBench } from "../../scripts/bench/spawn_bench.ts";

// Smoke tests at the smallest sizes: the suites run end to end and every row is a ratio of
// two real measurements. The figures themselves are never asserted.

function finiteRows(rows: { value: number; baseline: number; ratio: number }[]): void {
  for (const r of rows) {
    assert.ok(r.baseline > 0 && Number.isFinite(r.ratio), JSON.stringify(r));
  }
}

Deno.test("the CLI benchmark runs every whole-process row once, from source and shipped", async () => {
  const rows = await runCliBench({ runs: 1, many: 2 });
  const names = rows.map((r) => r.name);
  for (
    const name of [
      "cli_version",
      "cli_help",
      "cli_ext_list",
      "cli_print_0ext",
      "cli_print_1ext",
      "cli_print_2ext",
      "cli_print_2ext_raw",
      "cli_ext_start_cost_2",
      "shipped_version",
      "shipped_print_0ext",
      "shipped_print_2ext_raw",
      "shipped_ext_start_cost_2",
    ]
  ) {
    assert.ok(names.includes(name), `${name} missing from ${names}`);
  }
  finiteRows(rows.filter((r) => !r.name.includes("ext_start_cost")));
});

Deno.test("the spawn benchmark compares detached, setsid and bwrap spawns with plain ones", async () => {
  const rows = await runSpawnBench({ children: 2, rounds: 1, ballastMiB: 1 });
  assertEquals(rows.some((r) => r.name === "spawn_detached_2"), true);
  finiteRows(rows);
});

Deno.test("the extension host benchmark runs at a small size, throughput clocks included", async () => {
  const rows = await runExtBench({ calls: 5, notifies: 200, events: 200, spawnRounds: 1 });
  assertEquals(rows.map((r) => r.name), [
    "spawn_handshake_1",
    "spawn_handshake_20",
    "tool_call_p50",
    "tool_call_p99",
    "tool_call_p50_same_session",
    "notify_throughput",
    "event_throughput",
  ]);
  finiteRows(rows);
});
