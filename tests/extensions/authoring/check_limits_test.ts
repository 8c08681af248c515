/**
 * `zot ext check` reports the limits it was given, not a difference of clock readings: under
 * load the clock moves between reading the start and computing the deadline, and a report of
 * "4999 ms" for a 5000 ms limit made the check's own test flaky. The clock here is skewed on
 * every read so that drift is certain, not a matter of machine load.
 */

import { join } from "node:path";
import { ZotPaths } from "../../../src/config/mod.ts";
import { checkExtension, discoverExtensions } from "../../../src/extensions/mod.ts";
import { assertEquals } from "../../support/assert.ts";

/** Makes every Date.now() read a few ms later than the one before, on top of real time. */
function skewClock(stepMs: number): () => void {
  const real = Date.now;
  let skew = 0;
  Date.now = () => real() + (skew += stepMs);
  return () => Date.now = real;
}

async function checkFixture(manifest: string, options: Record<string, number>) {
  const dir = await Deno.makeTempDir();
  const home = await Deno.makeTempDir();
  const restore = skewClock(7);
  try {
    await Deno.writeTextFile(join(dir, "extension.json"), manifest);
    const found = await discoverExtensions({
      cwd: dir,
      paths: new ZotPaths(home),
      explicit: [dir],
      noDiscovery: true,
    });
    return await checkExtension(found.extensions[0], {
      cwd: dir,
      env: { PATH: Deno.env.get("PATH") ?? "" },
      shutdownMs: 200,
      builtinCommands: [],
      ...options,
    });
  } finally {
    restore();
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(home, { recursive: true });
  }
}

Deno.test("a missing hello is reported against the configured limit", async () => {
  const report = await checkFixture('{"name":"mute","exec":"sleep","args":["30"]}', {
    helloTimeoutMs: 300,
  });
  const hello = report.items.find((i) => i.title === "hello");
  assertEquals(hello?.detail, "no frame within 300 ms; the first frame must be hello");
});

Deno.test("a missing ready is reported against the configured limit", async () => {
  // hello, then a registration every 20 ms without ever sending ready.
  const script = `echo '{"type":"hello","name":"chatty","version":"1"}'; ` +
    `while true; do echo '{"type":"notify","level":"info","message":"x"}'; sleep 0.02; done`;
  const report = await checkFixture(
    JSON.stringify({ name: "chatty", exec: "sh", args: ["-c", script] }),
    { startupTimeoutMs: 400, readyIdleMs: 10_000 },
  );
  const ready = report.items.find((i) => i.title === "ready");
  assertEquals(ready?.detail, "no ready frame within 400 ms of start");
});
