import { join } from "node:path";
import { assertEquals } from "../../support/assert.ts";
import { ExtensionLog } from "../../../src/extensions/runtime/log.ts";

async function withLog(run: (log: ExtensionLog, path: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, "logs", "x.log");
    const log = await ExtensionLog.open(path);
    try {
      await run(log, path);
    } finally {
      await log.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("a flood of notes, batched into few writes, lands whole and in order", async () => {
  await withLog(async (log, path) => {
    for (let i = 0; i < 2000; i++) log.note(`line ${i}`);
    await log.flush();
    const lines = (await Deno.readTextFile(path)).split("\n").slice(0, -1);
    assertEquals(lines.length, 2000);
    assertEquals(lines.every((line, i) => line === `[zot] line ${i}`), true);
  });
});

Deno.test("raw stderr bytes and notes interleave in the order they came", async () => {
  await withLog(async (log, path) => {
    log.note("before");
    const written = log.raw(new TextEncoder().encode("stderr bytes\n"));
    log.note("after");
    await written;
    assertEquals((await Deno.readTextFile(path)).startsWith("[zot] before\nstderr bytes\n"), true);
    await log.flush();
    assertEquals(await Deno.readTextFile(path), "[zot] before\nstderr bytes\n[zot] after\n");
  });
});

Deno.test("close writes what is queued and drops what comes later", async () => {
  await withLog(async (log, path) => {
    log.note("kept");
    await log.close();
    log.note("dropped");
    await log.flush();
    assertEquals(await Deno.readTextFile(path), "[zot] kept\n");
  });
});
