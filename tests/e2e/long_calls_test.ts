/** Cancel, progress, per-manifest timeouts and too-large answers, from the real CLI. */

import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { FIXTURES, signalWhen, World } from "./support.ts";

type Line = Record<string, unknown>;

function events(stdout: string): Line[] {
  return stdout.trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));
}

async function cancels(file: string): Promise<Line[]> {
  try {
    return (await Deno.readTextFile(file)).trim().split("\n").filter(Boolean).map((l) =>
      JSON.parse(l)
    );
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return [];
    throw err;
  }
}

function crawl(id: string, input: Record<string, unknown>) {
  return { blocks: [{ type: "tool_use" as const, id, name: "crawl", input }] };
}

Deno.test("rpc abort of a 10 s extension tool settles it as cancelled and sends cancel", async () => {
  await using world = await World.create([crawl("c1", { seconds: 10 })]);
  const file = join(world.root, "cancels.jsonl");
  const rpc = world.rpc(["--ext", join(FIXTURES, "slowpoke")], { ZOT_E2E_CANCELS: file });
  await rpc.request({ id: "p", type: "prompt", message: "crawl" });
  // The extension says "started" as soon as it has the call, so the abort is mid-call.
  await rpc.next((l) => l.type === "tool_progress" && l.id === "c1");
  const abort = await rpc.request({ id: "a", type: "abort" });
  assertEquals((abort.data as Line).aborted, true);
  const done = await rpc.next((l) => l.type === "done");
  assertEquals(done.stop, "aborted");
  const result = await rpc.next((l) => l.type === "tool_result" && l.id === "c1");
  assertEquals(result.is_error, true);
  assertIncludes(JSON.stringify(result.content), "cancelled");
  const { code, stderr } = await rpc.close();
  assertEquals(code, 0, stderr);
  const seen = await cancels(file);
  assertEquals(seen.length, 1, JSON.stringify(seen));
  assertEquals([seen[0].type, seen[0].reason], ["cancel", "aborted"]);
  assert.ok(typeof seen[0].id === "string" && seen[0].id !== "");
});

Deno.test("a manifest's tool timeout overrides the default; the timed-out call is cancelled", async () => {
  await using world = await World.create([crawl("t1", { seconds: 3 }), { text: "gave up" }]);
  const file = join(world.root, "cancels.jsonl");
  const run = await world.run(["--ext", join(FIXTURES, "slowpoke_fast"), "--json", "go"], {
    env: { ZOT_E2E_CANCELS: file },
  });
  assertEquals(run.code, 0, run.stderr);
  const result = events(run.stdout).find((e) => e.type === "tool_result" && e.id === "t1")!;
  assertEquals(result.is_error, true);
  assertIncludes(JSON.stringify(result.content), "timeout waiting for extension");
  assertIncludes(JSON.stringify(result.content), "1000 ms");
  const seen = await cancels(file);
  assertEquals(seen.map((f) => [f.type, f.reason]), [["cancel", "timeout"]]);
});

Deno.test("progress every 0.5 s keeps a 3 s call alive past a 1 s tool timeout", async () => {
  await using world = await World.create([
    crawl("p1", { seconds: 3, progress: true }),
    { text: "done crawling" },
  ]);
  const run = await world.run(["--ext", join(FIXTURES, "slowpoke_fast"), "--json", "go"]);
  assertEquals(run.code, 0, run.stderr);
  const all = events(run.stdout);
  const result = all.find((e) => e.type === "tool_result" && e.id === "p1")!;
  assertEquals(result.is_error, false, JSON.stringify(result));
  assertIncludes(JSON.stringify(result.content), "crawled 3 s");
  const progress = all.filter((e) => e.type === "tool_progress" && e.id === "p1");
  assertEquals(progress[0].text, "started");
  assertEquals(progress.at(-1)!.text, "step 6 (100%)");
});

Deno.test("a tool_result over the line limit fails its call with the size and the limit", async () => {
  await using world = await World.create([
    { blocks: [{ type: "tool_use", id: "b1", name: "big", input: { bytes: 5_000_000 } }] },
    { text: "too big" },
  ]);
  const run = await world.run(["--ext", join(FIXTURES, "slowpoke"), "--json", "go"]);
  assertEquals(run.code, 0, run.stderr);
  const result = events(run.stdout).find((e) => e.type === "tool_result" && e.id === "b1")!;
  assertEquals(result.is_error, true);
  const text = JSON.stringify(result.content);
  assertIncludes(text, "5000");
  assertIncludes(text, "over the 4.0 MiB frame limit (4194304 bytes)");
  // It did not wait for the 60 s tool timeout: the error is the size, not a timeout.
  assertEquals(text.includes("timeout"), false);
});

Deno.test("an extension that never says hello is reported with how long zot waited", async () => {
  await using world = await World.create([]);
  const run = await world.run(["--ext", join(FIXTURES, "mute"), "-p", "/mute-cmd"]);
  assertEquals(run.code === 0, false);
  assertIncludes(run.stderr, "zot: extension mute refused: never said hello: zot waited 500 ms");
  assertIncludes(run.stderr, "/mute-cmd");
});

Deno.test("while a slow extension holds startup, zot says which one it waits for", async () => {
  await using world = await World.create([{ text: "hi" }]);
  const run = await world.run(["--ext", join(FIXTURES, "mute_slow"), "-p", "hello"]);
  assertEquals(run.code, 0, run.stderr);
  const waiting = run.stderr.indexOf("zot: waiting for extension mute-slow to start");
  const refused = run.stderr.indexOf("never said hello: zot waited 4000 ms");
  assertEquals(waiting >= 0 && refused > waiting, true, run.stderr);
  assertEquals(run.stdout, "hi\n");
});

Deno.test("notify and display text is stripped of terminal escapes in -p, --json and rpc", async () => {
  await using world = await World.create([]);
  const ext = ["--ext", join(FIXTURES, "slowpoke")];
  const print = await world.run([...ext, "-p", "/noisy"]);
  assertEquals(print.code, 0, print.stderr);
  assertEquals(print.stdout, "shown red\n");
  assertIncludes(print.stderr, "[slowpoke] warn: clip note\n");
  const json = await world.run([...ext, "--json", "/noisy"]);
  assertEquals(json.code, 0, json.stderr);
  assertEquals(events(json.stdout).find((e) => e.type === "ext_display")?.text, "shown red");
  assertIncludes(json.stderr, "[slowpoke] warn: clip note\n");
  const rpc = world.rpc(ext);
  const shown = await rpc.request({ id: "n", type: "command", text: "/noisy" });
  assertEquals((shown.data as Line).text, "shown red");
  const notice = await rpc.next((l) => l.type === "ext_notify");
  assertEquals(notice.message, "clip note");
  const closed = await rpc.close();
  assertEquals(closed.code, 0, closed.stderr);
  for (const out of [print.stdout, print.stderr, json.stdout, json.stderr]) {
    // deno-lint-ignore no-control-regex -- looking for raw control characters is the point
    assertEquals(/[\x1b\x07\x9b]/.test(out), false, JSON.stringify(out));
  }
});

Deno.test("Ctrl-C (SIGINT) during a 10 s extension tool in --json cancels it and tells the extension", async () => {
  await using world = await World.create([crawl("s1", { seconds: 10 })]);
  const file = join(world.root, "cancels.jsonl");
  const run = await signalWhen(
    world,
    ["--ext", join(FIXTURES, "slowpoke"), "--json", "go"],
    (event) => event.type === "tool_progress" && event.id === "s1",
    "SIGINT",
    { ZOT_E2E_CANCELS: file },
  );
  assertEquals(run.code, 130, run.stderr);
  const seen = run.events;
  const result = seen.find((e) => e.type === "tool_result" && e.id === "s1")!;
  assertIncludes(JSON.stringify(result.content), "cancelled");
  assertEquals(seen.at(-1), { type: "done", stop: "aborted" });
  assertEquals((await cancels(file)).map((f) => [f.type, f.reason]), [["cancel", "aborted"]]);
});
