/**
 * Nothing an extension starts outlives zot: where bubblewrap exists every extension, even
 * an unrestricted one, runs in a PID namespace of its own, so a double-forked, setsid
 * daemon (which leaves the process group the old sweep relied on) dies with it, whether
 * zot ends normally or on SIGHUP (the terminal closing).
 */

import { join } from "node:path";
import { assertEquals } from "../support/assert.ts";
import { makeExtension, processesWith, SecretWorld } from "./os_sandbox_support.ts";

async function daemonExtension(s: SecretWorld) {
  const token = `zot-daemon-${crypto.randomUUID()}`;
  const marker = join(s.world.root, "daemon-up");
  const dir = await makeExtension(s.world.root, "daemon", {
    name: "daemon",
    exec: "./main.py",
    args: [token, marker],
  });
  return { dir, token, marker };
}

Deno.test("an unrestricted extension's double-forked daemon is gone when zot -p exits", async () => {
  await using s = await SecretWorld.create();
  const { dir, token, marker } = await daemonExtension(s);
  const run = await s.zot(["--ext", dir, "-p", "/ping"]);
  assertEquals(run.code, 0, run.stderr);
  assertEquals(run.stdout, "pong\n");
  assertEquals(await Deno.readTextFile(marker), "up\n"); // the daemon did run
  assertEquals(await processesWith(token), []);
});

Deno.test("a SIGHUP to zot takes the extension's daemon down too", async () => {
  await using s = await SecretWorld.create();
  const { dir, token, marker } = await daemonExtension(s);
  const child = new Deno.Command(Deno.execPath(), {
    args: s.world.args("rpc", "--ext", dir),
    cwd: s.world.work,
    env: s.world.env(s.env()),
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stderr = new Response(child.stderr).text();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode('{"type":"ping","id":"1"}\n'));
  // The pong comes after the host started, and the extension said hello only once its
  // daemon was up.
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  while (!seen.includes('"id":"1"')) {
    const { done, value } = await reader.read();
    if (done) break;
    seen += value;
  }
  assertEquals(await Deno.readTextFile(marker), "up\n");
  assertEquals((await processesWith(token)).length > 0, true, "the daemon runs while zot does");
  child.kill("SIGHUP");
  const status = await child.status;
  await reader.cancel();
  await writer.close().catch(() => {});
  // zot handled the hang-up (stopped its extensions, closed the session) rather than dying of it.
  assertEquals([status.signal, status.code], [null, 130], await stderr);
  assertEquals(await processesWith(token), []);
});
