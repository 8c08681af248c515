import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../../support/assert.ts";
import { ExtensionLog } from "../../../src/extensions/runtime/mod.ts";

Deno.test("a stderr flood is capped: the log rotates to .1 and disk use stays bounded", async () => {
  const dir = await Deno.makeTempDir({ prefix: "zot-log-" });
  try {
    const path = join(dir, "ext-flood.log");
    const log = await ExtensionLog.open(path, 64 * 1024);
    const chunk = new TextEncoder().encode("x".repeat(1023) + "\n");
    // 5 MiB of stderr through a 64 KiB cap.
    for (let i = 0; i < 5 * 1024; i++) void log.raw(chunk);
    log.note("the last line");
    await log.close();
    const current = await Deno.stat(path);
    const previous = await Deno.stat(`${path}.1`);
    assert.ok(current.size <= 64 * 1024, `log is ${current.size} bytes`);
    assert.ok(previous.size <= 64 * 1024, `log.1 is ${previous.size} bytes`);
    const text = await Deno.readTextFile(path);
    assertIncludes(text, "[zot] log rotated at ");
    assertIncludes(text, `the previous part is ${path}.1`);
    assert.ok(text.endsWith("[zot] the last line\n"));
    const names = [];
    for await (const entry of Deno.readDir(dir)) names.push(entry.name);
    assertEquals(names.sort(), ["ext-flood.log", "ext-flood.log.1"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
