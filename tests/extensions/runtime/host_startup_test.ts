/** Startup: concurrency, hello deadline, ready/idle/deadline, refusals, late registrations. */

import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../../support/assert.ts";
import { DEFAULT_HOST_OPTIONS, type ExtensionStatus } from "../../../src/extensions/mod.ts";
import {
  deferred,
  denoSpec,
  processGone,
  pySpec,
  shSpec,
  startHost,
  TempHome,
} from "../../support/ext_host.ts";

Deno.test("extensions start concurrently: a slow hello does not hold up the others", async () => {
  await using home = await TempHome.create();
  const order: string[] = [];
  await using host = await startHost(
    home,
    [
      pySpec("slow-py", { before_hello: [{ $sleep: 1500 }], startup: [{ type: "ready" }] }),
      pySpec("fast-py", { startup: [{ type: "ready" }] }),
      shSpec("fast-sh", "sh-guard"),
    ],
    {},
    {
      onStatusChange: (s) => {
        if (s.state === "ready") order.push(s.name);
      },
    },
  );
  assertEquals(order.length, 3);
  assertEquals(order[2], "slow-py", `ready order: ${order}`);
  assert.ok(host.status().every((s) => s.state === "ready"));
});

Deno.test("log file: host lines and stderr are appended, one file per extension", async () => {
  await using home = await TempHome.create();
  const host = await startHost(home, [denoSpec()]);
  await host.shutdown();
  const again = await startHost(home, [denoSpec()]);
  await again.shutdown();
  const log = await home.log("deno-tools");
  const starts = log.match(/^\[zot\] starting deno-tools\/2\.0\.0 at \d{4}-\d\d-\d\dT[\d:.]+Z$/gm);
  assertEquals(starts?.length, 2, log);
  assertIncludes(log, `[zot] spawned pid ${again.status()[0].pid}: ${Deno.execPath()} run`);
  assertEquals(again.status()[0].logFile, join(home.paths.logs, "ext-deno-tools.log"));
});

Deno.test("ready frame, idle auto-ready and the startup deadline are told apart", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [
    pySpec("with-ready", { startup: [{ type: "register_command", name: "a" }, { type: "ready" }] }),
    pySpec("no-ready", { startup: [{ type: "register_command", name: "b" }] }),
    shSpec("chatty", "sh-faults", { FAULT: "chatty" }),
  ], { startupDeadlineMs: 2_000, readyIdleMs: 600 });
  const via = Object.fromEntries(host.status().map((s) => [s.name, [s.state, s.readyVia]]));
  assertEquals(via, {
    "with-ready": ["ready", "frame"],
    "no-ready": ["ready", "idle"],
    chatty: ["ready", "deadline"],
  });
  await host.shutdown();
  assertIncludes(
    await home.log("no-ready"),
    "[zot] no ready frame; auto-readying after 600 ms idle",
  );
  assertIncludes(await home.log("chatty"), "[zot] timed out waiting for ready frame; proceeding");
});

Deno.test("no hello within the timeout: refused, reason in status and log, process stopped", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [
    shSpec("mute", "sh-faults", { FAULT: "no-hello" }),
    pySpec("fine", { startup: [{ type: "ready" }] }),
  ], { helloTimeoutMs: 1_000, startupDeadlineMs: 2_500 });
  const [mute, fine] = host.status();
  assertEquals([mute.state, mute.reason], [
    "refused",
    'never said hello: zot waited 1000 ms (raise "timeouts": {"startup": …} in its extension.json if it starts slowly)',
  ]);
  assertEquals(fine.state, "ready");
  await host.shutdown();
  assert.ok(processGone(mute.pid!), "the silent process is stopped");
  assertIncludes(await home.log("mute"), "[zot] refused: never said hello: zot waited 1000 ms");
});

Deno.test("hello later than the startup deadline: start() returns, the extension joins later", async () => {
  await using home = await TempHome.create();
  const joined = deferred<void>();
  await using host = await startHost(
    home,
    [
      pySpec("late", {
        before_hello: [{ $sleep: 700 }],
        startup: [{ type: "register_command", name: "late-cmd" }, { type: "ready" }],
      }),
    ],
    { startupDeadlineMs: 200, helloTimeoutMs: 5_000 },
    {
      onStatusChange: (s) => s.state === "ready" && joined.resolve(),
    },
  );
  assertEquals(host.status()[0].state, "starting");
  await joined.promise;
  assertEquals(host.commands().map((c) => c.name), ["late-cmd"]);
});

Deno.test("exit before hello: refused with the exit code, stderr kept in the log", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [
    shSpec("early-exit", "sh-faults", { FAULT: "exit-before-hello" }),
  ]);
  const [status] = host.status();
  assertEquals([status.state, status.reason], ["refused", "exited with code 3 before hello"]);
  await host.shutdown();
  const log = await home.log("early-exit");
  assertIncludes(log, "booting failed: missing config");
  assertIncludes(log, "[zot] refused: exited with code 3 before hello");
});

Deno.test("a first frame other than hello refuses the extension", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [shSpec("eager", "sh-faults", { FAULT: "bad-first" })]);
  const [status] = host.status();
  assertEquals([status.state, status.reason], [
    "refused",
    "first frame must be hello (got register_command)",
  ]);
  assertEquals(host.commands(), []);
});

Deno.test("a hello under another name: warned in the log, loaded under the spec's name", async () => {
  await using home = await TempHome.create();
  await using host = await startHost(home, [
    shSpec("real-name", "sh-faults", { FAULT: "mismatch" }),
  ]);
  assertEquals(host.status()[0].state, "ready");
  assertEquals(host.commands().map((c) => [c.name, c.extension]), [["mine", "real-name"]]);
  await host.shutdown();
  assertIncludes(
    await home.log("real-name"),
    '[zot] warning: hello name "someone-else" differs from the manifest name "real-name"; ' +
      'loaded as "real-name"',
  );
});

Deno.test("an unsafe or duplicate name is refused with a clear status; nothing escapes logs/", async () => {
  await using home = await TempHome.create();
  const evil = { ...pySpec("ok-one"), name: "../../evil" };
  await using host = await startHost(home, [
    pySpec("twin", { startup: [{ type: "ready" }] }),
    evil,
    pySpec("twin"),
  ]);
  const [twin, bad, dup] = host.status();
  assertEquals(twin.state, "ready");
  assertEquals(bad.state, "refused");
  assertIncludes(bad.reason ?? "", 'unsafe extension name: name "../../evil" must be');
  assertEquals([bad.pid, bad.logFile], [undefined, undefined]);
  assertEquals(dup.state, "refused");
  assertEquals(dup.reason, 'another extension named "twin" comes earlier in load order');
  const entries = [];
  for await (const e of Deno.readDir(home.dir)) entries.push(e.name);
  assertEquals(entries.sort(), ["ext-data", "logs"]);
  assertEquals(
    (await Array.fromAsync(Deno.readDir(home.paths.logs))).map((e) => e.name),
    ["ext-twin.log"],
  );
});

Deno.test("a program that does not exist is refused, not thrown", async () => {
  await using home = await TempHome.create();
  const missing = { ...pySpec("ghost"), command: "/no/such/program" };
  const bare = { ...pySpec("ghost-bare"), command: "no-such-program-zot" };
  await using host = await startHost(home, [missing, bare]);
  const [a, b] = host.status();
  assertEquals(a.state, "refused");
  assertIncludes(a.reason ?? "", 'program "/no/such/program" was not found');
  assertIncludes(b.reason ?? "", 'program "no-such-program-zot" was not found on PATH');
  await host.shutdown();
  assertIncludes(await home.log("ghost"), '[zot] refused: cannot start extension "ghost"');
});

Deno.test("registrations after ready are visible at the next lookup", async () => {
  await using home = await TempHome.create();
  const registered = deferred<void>();
  await using host = await startHost(
    home,
    [pySpec("grower", {
      startup: [
        { type: "register_tool", name: "early_tool", schema: { type: "object" } },
        { type: "ready" },
        { $sleep: 300 },
        {
          type: "register_tool",
          name: "late_tool",
          description: "came late",
          schema: { type: "object" },
        },
        { type: "register_command", name: "late-cmd" },
        { type: "notify", message: "registered" },
      ],
    })],
    {},
    { onNotify: () => registered.resolve() },
  );
  assertEquals(host.tools().map((t) => t.name), ["early_tool"]);
  await registered.promise;
  assertEquals(host.tools().map((t) => t.name), ["early_tool", "late_tool"]);
  assertEquals(host.commands().map((c) => c.name), ["late-cmd"]);
});

Deno.test("status changes are reported through the callback", async () => {
  await using home = await TempHome.create();
  const seen: Pick<ExtensionStatus, "name" | "state">[] = [];
  const host = await startHost(home, [pySpec("watched", { startup: [{ type: "ready" }] })], {}, {
    onStatusChange: (s) => seen.push({ name: s.name, state: s.state }),
  });
  await host.shutdown();
  assertEquals(seen.map((s) => s.state), ["starting", "ready", "exited"]);
});

Deno.test("a throwing callback is logged and does not break the extension", async () => {
  await using home = await TempHome.create();
  const host = await startHost(home, [denoSpec()], {}, {
    onNotify: () => {
      throw new Error("ui exploded");
    },
  });
  await host.invokeCommand("push", "");
  assertEquals((await host.callTool("echo", { text: "still here" })).content, [
    { type: "text", text: "still here" },
  ]);
  await host.shutdown();
  assertIncludes(await home.log("deno-tools"), "[zot] host callback onNotify failed: ui exploded");
});

Deno.test("the default timings: 30 s startup (a cold go run), 250 ms, 30 s, 60 s, 5 s, 2 s", () => {
  const { helloTimeoutMs, startupDeadlineMs, readyIdleMs, commandTimeoutMs, toolTimeoutMs } =
    DEFAULT_HOST_OPTIONS;
  const { interceptTimeoutMs, shutdownGraceMs, maxLineBytes } = DEFAULT_HOST_OPTIONS;
  assertEquals(
    {
      startupDeadlineMs,
      readyIdleMs,
      commandTimeoutMs,
      toolTimeoutMs,
      interceptTimeoutMs,
      shutdownGraceMs,
      maxLineBytes,
    },
    {
      startupDeadlineMs: 30_000,
      readyIdleMs: 250,
      commandTimeoutMs: 30_000,
      toolTimeoutMs: 60_000,
      interceptTimeoutMs: 5_000,
      shutdownGraceMs: 2_000,
      maxLineBytes: 4 * 1024 * 1024,
    },
  );
  // a hello deadline exists (the original waits forever), as docs/extensions.md says
  assertEquals(helloTimeoutMs, 30_000);
});
