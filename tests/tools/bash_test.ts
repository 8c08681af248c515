import { join } from "node:path";
import { bashTool, type ToolOutput } from "../../src/tools/mod.ts";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { contextFor, processGone, processRunning, textOf, withTempDir } from "./helpers.ts";

const bash = bashTool();
/** Short kill grace so escalation tests stay fast. */
const quick = bashTool({ killGraceMs: 300 });

function details(out: ToolOutput): Record<string, unknown> {
  return out.details ?? {};
}

async function removeLog(out: ToolOutput): Promise<void> {
  const path = details(out).fullOutputPath;
  if (typeof path === "string") await Deno.remove(path);
}

/** Resolves with the first progress text matching re. */
function progressWatcher(re: RegExp) {
  let seen = "";
  let resolve!: (m: RegExpMatchArray) => void;
  const matched = new Promise<RegExpMatchArray>((r) => resolve = r);
  return {
    matched,
    onProgress: (text: string) => {
      seen += text;
      const m = seen.match(re);
      if (m) resolve(m);
    },
  };
}

Deno.test("bash frames output with the command, the exit code and the time taken", async () => {
  await withTempDir(async (dir) => {
    const out = await bash.execute({ command: "echo hi; pwd" }, contextFor(dir));
    assertEquals(out.isError, false);
    assert.match(
      textOf(out),
      new RegExp(`^\\$ echo hi; pwd\\n\\nhi\\n${dir}\\n\\n\\[exit 0\\]  took \\d+\\.\\ds$`),
    );
    assertEquals(details(out).exitCode, 0);
  });
});

Deno.test("bash runs bash (not sh), merges stderr and marks a failing exit as an error", async () => {
  const out = await bash.execute({
    command: 'echo "bash ${BASH_VERSION%%.*}" ; echo oops >&2; [[ 1 == 1 ]] && exit 3',
  }, contextFor("/"));
  assert.ok(out.isError);
  assert.match(textOf(out), /bash \d+/);
  assertIncludes(textOf(out), "oops");
  assertIncludes(textOf(out), "[exit 3]");
});

Deno.test("bash falls back to a configured shell and reports empty output", async () => {
  const sh = bashTool({ shell: ["/bin/sh", "-c"] });
  const out = await sh.execute({ command: "true" }, contextFor("/"));
  assertIncludes(textOf(out), "$ true\n\n(no output)\n\n[exit 0]");
});

Deno.test("bash streams progress while the command is still running", async () => {
  await withTempDir(async (dir) => {
    const gate = join(dir, "go");
    const watcher = progressWatcher(/ready/);
    const running = bash.execute({
      command: `echo ready; while [ ! -f ${gate} ]; do sleep 0.02; done; echo done`,
    }, contextFor(dir, { onProgress: watcher.onProgress }));
    await watcher.matched;
    // The command cannot finish before this file exists, so progress came mid-run.
    await Deno.writeTextFile(gate, "");
    const out = await running;
    assertIncludes(textOf(out), "ready\ndone");
  });
});

Deno.test("bash timeout kills the whole process group, background children included", async () => {
  const out = await quick.execute({
    command: "sleep 30 & echo child=$!; sleep 30",
    timeout: 1,
  }, contextFor("/"));
  assert.ok(out.isError);
  const pid = Number(textOf(out).match(/child=(\d+)/)?.[1]);
  assert.ok(pid > 0, textOf(out));
  assertIncludes(textOf(out), "[timed out after 1s; sent SIGTERM to the process group]");
  assertEquals(details(out).timedOut, true);
  assert.ok(await processGone(pid), `background child ${pid} survived the timeout`);
});

Deno.test("bash cancel kills the process group and says so", async () => {
  const controller = new AbortController();
  const watcher = progressWatcher(/child=(\d+)/);
  const running = bash.execute(
    { command: "sleep 30 & echo child=$!; wait" },
    { cwd: "/", signal: controller.signal, onProgress: watcher.onProgress },
  );
  const pid = Number((await watcher.matched)[1]);
  assert.ok(await processRunning(pid));
  controller.abort();
  const out = await running;
  assert.ok(out.isError);
  assertIncludes(textOf(out), "[cancelled; sent SIGTERM to the process group]");
  assertEquals(details(out).cancelled, true);
  assert.ok(await processGone(pid), `child ${pid} survived the cancel`);
});

Deno.test("bash escalates to SIGKILL when the command traps TERM", async () => {
  const watcher = progressWatcher(/armed (\d+)/);
  const controller = new AbortController();
  const running = quick.execute(
    { command: "trap 'echo got TERM' TERM; echo armed $$; while true; do sleep 0.05; done" },
    { cwd: "/", signal: controller.signal, onProgress: watcher.onProgress },
  );
  const pid = Number((await watcher.matched)[1]);
  controller.abort();
  const out = await running;
  assertIncludes(textOf(out), "then SIGKILL after 0.3s");
  assertEquals(details(out).signal, "SIGKILL");
  assert.ok(await processGone(pid));
});

Deno.test("bash already cancelled does not start the command", async () => {
  await withTempDir(async (dir) => {
    const controller = new AbortController();
    controller.abort();
    const out = await bash.execute(
      { command: `touch ${join(dir, "ran")}` },
      { cwd: dir, signal: controller.signal },
    );
    assert.ok(out.isError);
    assertIncludes(textOf(out), "[cancelled before it started]");
    assertEquals([...Deno.readDirSync(dir)].length, 0);
  });
});

Deno.test("bash stops background processes that keep the output open after the shell exits", async () => {
  const out = await bash.execute({ command: "sleep 30 & echo child=$!" }, contextFor("/"));
  const pid = Number(textOf(out).match(/child=(\d+)/)?.[1]);
  assertEquals(out.isError, false, "the command itself succeeded");
  assertIncludes(textOf(out), "[background processes still holding the output were stopped");
  assertIncludes(textOf(out), "[exit 0]");
  assert.ok(await processGone(pid));
});

Deno.test("bash leaves alone a background process whose output is redirected", async () => {
  const out = await bash.execute(
    { command: "sleep 30 > /dev/null 2>&1 & echo child=$!" },
    contextFor("/"),
  );
  const pid = Number(textOf(out).match(/child=(\d+)/)?.[1]);
  try {
    assert.ok(!textOf(out).includes("background processes"));
    assert.ok(await processRunning(pid), "a deliberately detached server keeps running");
  } finally {
    Deno.kill(pid, "SIGKILL");
  }
  assert.ok(await processGone(pid));
});

Deno.test("bash keeps head and tail of large output and saves the complete output", async () => {
  const out = await bash.execute(
    { command: "head -c 300000 /dev/zero | tr '\\0' 'x' | fold -w 99; echo END" },
    contextFor("/"),
  );
  try {
    const text = textOf(out);
    const path = details(out).fullOutputPath;
    assert.ok(typeof path === "string");
    assertIncludes(text, `[exit 0] (full output: ${path})`);
    assertIncludes(text, "... [output truncated: showing the first 256 and last 256 of 3031 lines");
    assertIncludes(text, "END\n\n[exit 0]");
    assert.ok(text.length < 60 * 1024, `shown output is ${text.length} chars`);
    const full = await Deno.readTextFile(path);
    assertEquals(full.length, 300000 + 3030 + 4, "the log holds every byte");
  } finally {
    await removeLog(out);
  }
});

Deno.test("bash caps many short lines to the first and last 1000", async () => {
  const out = await bash.execute({ command: "seq 1 5000" }, contextFor("/"));
  try {
    const text = textOf(out);
    assertIncludes(
      text,
      "\n1000\n... [output truncated: showing the first 1000 and last 1000 of 5000 lines",
    );
    assertIncludes(text, "lines (23.3 KiB total)");
    assertIncludes(text, "] ...\n4001\n");
    assert.ok(!text.includes("\n1001\n"));
    const full = await Deno.readTextFile(details(out).fullOutputPath as string);
    assertEquals(full.split("\n").length, 5001);
  } finally {
    await removeLog(out);
  }
});

Deno.test("bash applies the default timeout and caps the asked timeout", async () => {
  assertIncludes(bash.spec.description, "default 120, max 600");
  const small = bashTool({ maxTimeoutSec: 2, killGraceMs: 300 });
  const out = await small.execute({ command: "echo ok", timeout: 50 }, contextFor("/"));
  assertIncludes(textOf(out), "[timeout capped at 2s]");
  const invalid = await bash.execute({ command: "echo", timeout: 0 }, contextFor("/"));
  assert.ok(invalid.isError);
  assertIncludes(textOf(invalid), "timeout: 0 is less than 1");
  const empty = await bash.execute({ command: "  " }, contextFor("/"));
  assertIncludes(textOf(empty), "command is empty");
});

Deno.test("bash reports a working directory that does not exist", async () => {
  const out = await bash.execute({ command: "true" }, contextFor("/nonexistent-zot-dir"));
  assert.ok(out.isError);
  assertIncludes(textOf(out), "cannot start");
  assertIncludes(textOf(out), "/nonexistent-zot-dir");
});

Deno.test("bash keeps draining output when the progress callback throws", async () => {
  // 600 KB is far more than a pipe buffer: had reading stopped, the command would block.
  const out = await bash.execute({ command: "seq 1 100000; echo end" }, {
    cwd: "/",
    signal: new AbortController().signal,
    onProgress: () => {
      throw new Error("ui broke");
    },
  });
  try {
    assertEquals(out.isError, false);
    assertIncludes(textOf(out), "\nend\n\n[exit 0]");
  } finally {
    await removeLog(out);
  }
});
