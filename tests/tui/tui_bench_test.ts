import { assert, assertEquals } from "../support/assert.ts";
import { runTuiBench } from "../../scripts/bench/tui_bench.ts";

Deno.test("the TUI benchmark runs end to end at a small size and reports ratios", async () => {
  const rows = await runTuiBench({ messages: 30, rounds: 1, keystrokes: 2 });
  assertEquals(rows.map((r) => r.name), [
    "transcript_render",
    "transcript_rerender",
    "keystroke_latency_streaming",
  ]);
  for (const r of rows) {
    assert.ok(r.value > 0 && r.baseline > 0 && Number.isFinite(r.ratio), JSON.stringify(r));
  }
});
