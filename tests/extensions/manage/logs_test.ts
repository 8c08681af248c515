import { join } from "node:path";
import { assertEquals, assertRejects, assertThrows } from "../../support/assert.ts";
import { tempDir } from "../../support/ext_dirs.ts";
import { ZotPaths } from "../../../src/config/mod.ts";
import { UsageError, ZotError } from "../../../src/errors/mod.ts";
import { followLog, logFileFor, printLog } from "../../../src/extensions/mod.ts";

/** Collects written text and lets a test await the moment it contains a fragment. */
class Collector {
  text = "";
  #waiters: { fragment: string; resolve: () => void }[] = [];

  write = (chunk: string): void => {
    this.text += chunk;
    this.#waiters = this.#waiters.filter((w) => {
      if (!this.text.includes(w.fragment)) return true;
      w.resolve();
      return false;
    });
  };

  until(fragment: string): Promise<void> {
    if (this.text.includes(fragment)) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ fragment, resolve }));
  }
}

Deno.test("logFileFor is $ZOT_HOME/logs/ext-<name>.log and refuses unsafe names", () => {
  const paths = new ZotPaths("/home/z");
  assertEquals(logFileFor(paths, "weather"), join("/home/z", "logs", "ext-weather.log"));
  for (const bad of ["../x", "a/b", "..", ""]) {
    assertThrows(() => logFileFor(paths, bad), UsageError);
  }
});

Deno.test("printLog prints the whole file, multi-byte characters intact", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "ext-x.log");
  const text = "line one\n" + "é".repeat(70_000) + "\nlast\n";
  await Deno.writeTextFile(path, text);
  const out = new Collector();
  await printLog("x", path, out.write);
  assertEquals(out.text, text);
});

Deno.test("a missing log says when it will be written", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "ext-x.log");
  const err = await assertRejects(() => printLog("x", path, () => {}), ZotError);
  assertEquals(err.code, "ext_no_log");
  assertEquals(
    err.message,
    `no log for extension "x" yet; it is written when zot starts the extension; expected at ${path}`,
  );
  await assertRejects(() => followLog("x", path, () => {}), ZotError);
});

Deno.test("followLog prints appended lines, re-reads a truncated file, stops on abort", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "ext-x.log");
  await Deno.writeTextFile(path, "old\n");
  const out = new Collector();
  const controller = new AbortController();
  const following = followLog("x", path, out.write, { signal: controller.signal, intervalMs: 5 });
  await out.until("old\n");
  await Deno.writeTextFile(path, "new line\n", { append: true });
  await out.until("new line\n");
  await Deno.writeTextFile(path, "fresh\n"); // truncates
  await out.until("fresh\n");
  controller.abort();
  await following;
  assertEquals(out.text, "old\nnew line\nfresh\n");
});

Deno.test("followLog follows a rotated (replaced) file", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "ext-x.log");
  await Deno.writeTextFile(path, "first file\n");
  const out = new Collector();
  const controller = new AbortController();
  const following = followLog("x", path, out.write, { signal: controller.signal, intervalMs: 5 });
  await out.until("first file\n");
  await Deno.rename(path, path + ".1");
  await Deno.writeTextFile(path + ".new", "second file, longer than the first\n");
  await Deno.rename(path + ".new", path);
  await out.until("second file");
  controller.abort();
  await following;
  assertEquals(out.text, "first file\nsecond file, longer than the first\n");
});

Deno.test("followLog stops quietly when the writer's pipe is closed", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "ext-x.log");
  await Deno.writeTextFile(path, "a\n");
  let calls = 0;
  await followLog("x", path, () => {
    calls++;
    throw new Deno.errors.BrokenPipe("closed");
  }, { intervalMs: 5 });
  assertEquals(calls, 1);
});
