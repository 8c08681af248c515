import { join } from "node:path";
import { assert, assertEquals, assertThrows } from "../../support/assert.ts";
import { ExtensionError } from "../../../src/errors/mod.ts";
import { type Manifest, resolveExec, resolveLaunchSpec } from "../../../src/extensions/mod.ts";
import { FIXTURES, startHost, TempHome } from "../../support/ext_host.ts";

const DIR = "/home/u/.zot/extensions/weather";

function manifest(fields: Partial<Manifest>): Manifest {
  return { name: "weather", exec: "./weather", args: [], enabled: true, ...fields };
}

Deno.test("exec resolution goes by shape", () => {
  assertEquals(resolveExec("w", "/usr/bin/weather", DIR), "/usr/bin/weather");
  assertEquals(resolveExec("w", "./weather", DIR), `${DIR}/weather`);
  assertEquals(resolveExec("w", "../shared/run", DIR), "/home/u/.zot/extensions/shared/run");
  assertEquals(resolveExec("w", "bin/weather", DIR), `${DIR}/bin/weather`);
  assertEquals(resolveExec("w", ".", DIR), DIR);
  assertEquals(resolveExec("w", "python3", DIR), "python3");
  assertEquals(resolveExec("w", "npx", DIR), "npx");
});

Deno.test("an exec with a space is refused with a hint to use args", () => {
  const err = assertThrows(() => resolveExec("w", "node index.js --fast", DIR), ExtensionError);
  assertEquals(err.code, "ext_bad_exec");
  assertEquals(err.extension, "w");
  assert.match(err.message, /contains a space/);
  assert.match(err.message, /move arguments to "args"/);
  assert.match(err.message, /"exec": "node", "args": \["index.js","--fast"\]/);
});

Deno.test("an empty exec is refused", () => {
  assertEquals(assertThrows(() => resolveExec("w", " ", DIR), ExtensionError).code, "ext_bad_exec");
});

Deno.test("a launch spec carries the resolved command, args, dir, source and version", () => {
  const spec = resolveLaunchSpec(
    manifest({ exec: "./bin/run", args: ["--mode", "daemon"], version: "1.2.3" }),
    DIR + "/",
    "project",
  );
  assertEquals(spec, {
    name: "weather",
    dir: DIR,
    command: `${DIR}/bin/run`,
    args: ["--mode", "daemon"],
    source: "project",
    version: "1.2.3",
  });
});

Deno.test("a runtime without a launcher is refused; a launcher builds the command", () => {
  const deno = manifest({ exec: "main.ts", runtime: "deno" });
  const err = assertThrows(() => resolveLaunchSpec(deno, DIR, "global"), ExtensionError);
  assertEquals(err.code, "ext_runtime_unsupported");
  const spec = resolveLaunchSpec(deno, DIR, "global", {
    launchers: { deno: (_m, exec, dir) => ({ command: "deno", args: ["run", `${dir}:${exec}`] }) },
  });
  assertEquals([spec.command, ...spec.args], ["deno", "run", `${DIR}:main.ts`]);
});

Deno.test("a resolved spec really starts: bare name via PATH, relative script in the folder", async () => {
  await using home = await TempHome.create();
  const dir = join(FIXTURES, "scripted-py");
  const spec = resolveLaunchSpec(
    { name: "resolved-py", exec: "python3", args: ["scripted.py"], enabled: true },
    dir,
    "flag",
    { env: { ZOT_FIXTURE: JSON.stringify({ startup: [{ type: "ready" }] }) } },
  );
  await using host = await startHost(home, [spec]);
  assertEquals(host.status()[0].state, "ready");
  assertEquals(host.status()[0].readyVia, "frame");
});
