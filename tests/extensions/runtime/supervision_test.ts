import { assertEquals } from "../../support/assert.ts";
import {
  CrashPolicy,
  DEFAULT_SUPERVISION,
  LatencyStats,
} from "../../../src/extensions/runtime/supervision.ts";

Deno.test("crashes back off exponentially and the third within the window quarantines", () => {
  const policy = new CrashPolicy(DEFAULT_SUPERVISION);
  assertEquals(policy.crashed(1_000), { action: "restart", delayMs: 500, attempt: 1 });
  policy.restarts++;
  assertEquals(policy.crashed(2_000), { action: "restart", delayMs: 1_000, attempt: 2 });
  policy.restarts++;
  assertEquals(policy.crashed(3_000), { action: "quarantine", crashes: 3, windowMs: 60_000 });
});

Deno.test("crashes older than the window are forgiven", () => {
  const policy = new CrashPolicy(DEFAULT_SUPERVISION);
  policy.crashed(0);
  policy.crashed(1_000);
  assertEquals(policy.crashed(70_000).action, "restart");
  assertEquals(policy.crashed(71_000).action, "restart");
  assertEquals(policy.crashed(72_000).action, "quarantine");
});

Deno.test("the backoff is capped", () => {
  const policy = new CrashPolicy({ ...DEFAULT_SUPERVISION, quarantineAfter: 100 });
  let last = 0;
  for (let i = 0; i < 20; i++) {
    const verdict = policy.crashed(i);
    if (verdict.action === "restart") last = verdict.delayMs;
  }
  assertEquals(last, DEFAULT_SUPERVISION.restartMaxMs);
});

Deno.test("latency percentiles over the kept samples, failures counted", () => {
  const stats = new LatencyStats();
  assertEquals(stats.percentile(50), undefined);
  for (let ms = 1; ms <= 100; ms++) stats.add(ms, ms !== 100);
  assertEquals([stats.percentile(50), stats.percentile(99)], [50, 99]);
  assertEquals([stats.calls, stats.failures], [100, 1]);
  for (let i = 0; i < 1_000; i++) stats.add(7, true);
  assertEquals(stats.percentile(99), 7, "old samples age out");
});
