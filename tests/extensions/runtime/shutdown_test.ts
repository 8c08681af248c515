/** Shutdown ladder (shutdown → grace → SIGTERM → SIGKILL, whole group) and reload. */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assert, assertEquals, assertIncludes, assertRejects } from "../../support/assert.ts";
import { ExtensionError, ZotError } from "../../../src/errors/mod.ts";
import { DEFAULT_SUPERVISION, type ExtensionNotice } from "../../../src/extensions/mod.ts";
import {
  deferred,
  denoSpec,
  processGone,
  pySpec,
  shSpec,
  startHost,
  TempHome,
  waitGone,
} from "../../support/ext_host.ts";

function pidsFrom(notices: ExtensionNotice[], extension: string): number[] {
  const notice = notices.find((n) => n.extension === extension && n.message.startsWith("pids "));
  assert.ok(notice, `no pids notice from ${extension}`);
  return notice.message.split(" ").slice(1).map(Number);
}

function ps(pids: number[]): string {
  return pids.map((pid) => `${pid}:${processGone(pid) ? "gone" : "alive"}`).join(" ");
}

Deno.test("no process outlives shutdown: SIGTERM-ignoring leader, child, and a forked stray", async () => {
  await using home = await TempHome.create();
  const notices: ExtensionNotice[] = [];
  const host = await startHost(
    home,
    [
      shSpec("stubborn", "sh-stubborn", { STUBBORN_NAME: "stubborn" }),
      shSpec("forker", "sh-stubborn", { STUBBORN_MODE: "forker", STUBBORN_NAME: "forker" }),
      pySpec("no-ack", { startup: [{ type: "ready" }], on: { shutdown: [] } }),
      denoSpec(),
    ],
    { shutdownGraceMs: 1_500, killGraceMs: 300 },
    { onNotify: (n) => notices.push(n) },
  );
  const stubborn = pidsFrom(notices, "stubborn");
  const forker = pidsFrom(notices, "forker");
  const all = [...stubborn, ...forker, ...host.status().map((s) => s.pid!)];
  assert.ok(all.every((pid) => !processGone(pid)), `all alive before: ${ps(all)}`);
  await host.shutdown();
  assert.ok(all.every(processGone), `left running: ${ps(all)}`);

  const byName = Object.fromEntries(host.status().map((s) => [s.name, s.reason]));
  assertEquals(byName, {
    stubborn: "stopped by zot (was killed by SIGKILL)",
    forker: "stopped by zot (exited with code 0)",
    "no-ack": "stopped by zot (exited with code 0)", // stdin EOF ends its loop
    "deno-tools": "stopped by zot (exited with code 0)",
  });
  assertIncludes(await home.log("stubborn"), "it had to be sent SIGKILL (did not exit in time)");
  assertIncludes(await home.log("forker"), "[zot] shutdown acknowledged");
  assertIncludes(await home.log("forker"), "leftover processes in its group were terminated");
});

Deno.test("an extension that ignores shutdown but not SIGTERM is stopped by SIGTERM", async () => {
  await using home = await TempHome.create();
  const host = await startHost(home, [pySpec("sleeper", {
    startup: [{ type: "ready" }],
    on: { shutdown: [{ $sleep: 30_000 }] },
  })], { shutdownGraceMs: 300, killGraceMs: 2_000 });
  const pid = host.status()[0].pid!;
  await host.shutdown();
  assert.ok(processGone(pid));
  assertEquals(host.status()[0].reason, "stopped by zot (was killed by SIGTERM)");
  assertIncludes(await home.log("sleeper"), "it had to be sent SIGTERM (did not exit in time)");
});

Deno.test("a crashed extension's forked children are swept too", async () => {
  await using home = await TempHome.create();
  const script = join(home.dir, "crash.sh");
  await Deno.writeTextFile(
    script,
    'sleep 1000 &\nprintf \'{"type":"hello","name":"crasher"}\\n{"type":"notify","message":"pids %s"}\\n{"type":"ready"}\\n\' "$!"\n' +
      "read -r line\nexit 5\n",
  );
  const notices: ExtensionNotice[] = [];
  const exited = deferred<void>();
  const host = await startHost(
    home,
    [{
      name: "crasher",
      dir: home.dir,
      command: "/bin/sh",
      args: [script],
      source: "flag",
    }],
    { killGraceMs: 300, supervision: { ...DEFAULT_SUPERVISION, quarantineAfter: 1 } },
    {
      onNotify: (n) => notices.push(n),
      onStatusChange: (s) => s.state === "quarantined" && exited.resolve(),
    },
  );
  const [child] = pidsFrom(notices, "crasher");
  host.sendPanelKey("crasher", "p", "x"); // any line makes it exit
  await exited.promise;
  await host.shutdown();
  assert.ok(processGone(child), `stray ${child} still alive`);
  assertIncludes(String(host.status()[0].reason), "exited with code 5; quarantined");
});

Deno.test("a stray that stopped itself is continued, so SIGTERM ends it before SIGKILL", async () => {
  await using home = await TempHome.create();
  const script = join(home.dir, "stopper.sh");
  // The stray stops itself; the extension says hello only once the kernel shows it stopped.
  await Deno.writeTextFile(
    script,
    "sh -c 'kill -STOP $$; exec sleep 1000' &\n" +
      'while [ "$(cut -d" " -f3 /proc/$!/stat)" != T ]; do :; done\n' +
      'printf \'{"type":"hello","name":"stopper"}\\n{"type":"notify","message":"pids %s"}\\n{"type":"ready"}\\n\' "$!"\n' +
      'read -r line\nprintf \'{"type":"shutdown_ack"}\\n\'\n',
  );
  const notices: ExtensionNotice[] = [];
  const host = await startHost(
    home,
    [{ name: "stopper", dir: home.dir, command: "/bin/sh", args: [script], source: "flag" }],
    // A grace far beyond any machine's SIGTERM: "terminated" cannot be a race won by luck.
    { killGraceMs: 60_000 },
    { onNotify: (n) => notices.push(n) },
  );
  const [stray] = pidsFrom(notices, "stopper");
  await host.shutdown();
  assert.ok(processGone(stray), `stray ${stray} still alive`);
  // Signal 0 found the stopped stray, then its SIGTERM waited for a SIGCONT that never came.
  assertIncludes(await home.log("stopper"), "leftover processes in its group were terminated");
});

Deno.test("after shutdown nothing is running and calls fail clearly", async () => {
  await using home = await TempHome.create();
  const host = await startHost(home, [denoSpec()]);
  await host.shutdown();
  await host.shutdown(); // idempotent
  assertEquals(host.tools(), []);
  const err = await assertRejects(() => host.invokeCommand("greet", ""), ExtensionError);
  assertEquals(err.code, "ext_not_running");
  await assertRejects(() => host.reload([]), ZotError);
});

Deno.test("reload stops the old set, starts the new one and rebuilds the registries", async () => {
  await using home = await TempHome.create();
  const host = await startHost(home, [
    denoSpec(),
    pySpec("old-py", { startup: [{ type: "register_command", name: "old" }, { type: "ready" }] }),
  ]);
  const oldPids = host.status().map((s) => s.pid!);
  host.updateContext({ model: "m-2", provider: "openai" });
  const summary = await host.reload([
    denoSpec(),
    pySpec("new-py", { startup: [{ type: "register_command", name: "new" }, { type: "ready" }] }),
    { ...pySpec("bad/name") },
  ]);
  assertEquals(summary, { stopped: 2, loaded: 2, ready: 2, refused: 1 });
  assert.ok(oldPids.every(processGone));
  assertEquals(host.status().map((s) => [s.name, s.state]), [
    ["deno-tools", "ready"],
    ["new-py", "ready"],
    ["bad/name", "refused"],
  ]);
  const names = host.commands().map((c) => c.name);
  assert.ok(names.includes("new") && !names.includes("old"), names.join(","));
  const ack = JSON.parse((await host.invokeCommand("ack", "")).display ?? "{}");
  assertEquals([ack.provider, ack.model], ["openai", "m-2"]);
  await host.shutdown();
  assert.ok(host.status().every((s) => s.state !== "ready"));
});

Deno.test("if zot exits without shutdown, its exit hook still kills every process group", async () => {
  await using home = await TempHome.create();
  const script = fileURLToPath(new URL("../../fixtures/host_exit.ts", import.meta.url));
  const { code, stdout } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", script, home.dir],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  assertEquals(code, 0);
  const pids = new TextDecoder().decode(stdout).trim().split(" ").map(Number);
  assertEquals(pids.length, 3, `pids: ${pids}`);
  assert.ok(pids.every((pid) => pid > 0));
  assert.ok(await waitGone(pids), `left running: ${ps(pids)}`);
});
