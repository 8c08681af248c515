/** Seeing extensions from the CLI: `zot --ext-trace FILE` and `zot ext status`. */

import { join } from "node:path";
import { assert, assertEquals } from "../support/assert.ts";
import { FIXTURES, REPO, World } from "./support.ts";

Deno.test("--ext-trace records every frame in and out with timestamps", async () => {
  await using world = await World.create([
    { blocks: [{ type: "tool_use", id: "w1", name: "weather", input: { city: "Oslo" } }] },
    { text: "Foggy." },
  ]);
  const trace = join(world.root, "trace.jsonl");
  const run = await world.run([
    "--ext",
    join(FIXTURES, "toolbox"),
    "--ext-trace",
    trace,
    "-p",
    "hi",
  ]);
  assertEquals(run.code, 0, run.stderr);
  const entries = (await Deno.readTextFile(trace)).trim().split("\n").map((l) => JSON.parse(l));
  const seen = entries.map((e) => `${e.dir} ${e.frame?.type}`);
  const expected = [
    "in hello",
    "out hello_ack",
    "in register_tool",
    "in ready",
    "out tool_call",
    "in tool_result",
    "out shutdown",
    "in shutdown_ack",
  ];
  let at = 0;
  for (const line of seen) if (line === expected[at]) at++;
  assertEquals(at, expected.length, `missing ${expected[at]} in ${JSON.stringify(seen)}`);
  for (const e of entries) {
    assertEquals(e.ext, "toolbox");
    assert.ok(!Number.isNaN(Date.parse(e.time)), `bad time ${e.time}`);
  }
  const call = entries.find((e) => e.frame?.type === "tool_call");
  assertEquals(call.frame.args, { city: "Oslo" });
});

Deno.test("zot ext status starts each extension and reports ready, refused and silent ones", async () => {
  await using world = await World.create([]);
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(REPO, "main.ts"), "ext", "status", "--ext", join(FIXTURES, "toolbox")]
      .concat(["--ext", join(FIXTURES, "mute")]),
    cwd: world.work,
    env: world.env(),
    clearEnv: true,
    stdin: "null",
  }).output();
  const run = {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
  assertEquals(run.code, 0, run.stderr);
  const lines = run.stdout.trim().split("\n");
  assert.ok(
    lines.some((l) => /^toolbox\s+ready\s+ready via frame, version 1\.0\.0$/.test(l)),
    run.stdout,
  );
  assert.ok(
    lines.some((l) => /^mute\s+refused\s+never said hello: zot waited 500 ms/.test(l)),
    run.stdout,
  );
});

Deno.test("the next zot start removes the staging folder of a killed install, not a live one", async () => {
  await using world = await World.create([{ text: "hi" }]);
  const dead = await new Deno.Command("true").spawn();
  await dead.status;
  const root = join(world.home, "extensions");
  const leftover = join(root, `.zot-install-${dead.pid}-abc`);
  const live = join(root, `.zot-install-${Deno.pid}-def`);
  for (const dir of [leftover, live]) {
    await Deno.mkdir(join(dir, "new"), { recursive: true });
    await Deno.writeTextFile(join(dir, "new", "big.bin"), "x".repeat(1024));
  }
  const run = await world.run(["-p", "hello"]);
  assertEquals(run.code, 0, run.stderr);
  const names = (await Array.fromAsync(Deno.readDir(root))).map((e) => e.name);
  assertEquals(names, [`.zot-install-${Deno.pid}-def`]);
});
