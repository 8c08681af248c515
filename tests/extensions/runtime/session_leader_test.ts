/**
 * Extensions lead a process group of their own (the group the stop ladder signals). On Linux
 * setsid(1) makes them one instead of a `detached` spawn, which costs a fork of zot's whole
 * process; the program still runs under the pid zot knows.
 */

import { join } from "node:path";
import { assert, assertEquals } from "../../support/assert.ts";
import { ZotPaths } from "../../../src/config/mod.ts";
import { planLaunches } from "../../../src/extensions/sandbox/launch.ts";
import { ExtensionLog } from "../../../src/extensions/runtime/log.ts";
import { ExtensionProcess } from "../../../src/extensions/runtime/process.ts";
import type { DiscoveredExtension } from "../../../src/extensions/mod.ts";

function ext(dir: string, exec: string, args: string[]): DiscoveredExtension {
  return {
    name: "leader",
    dir,
    manifestPath: join(dir, "extension.json"),
    source: "flag",
    manifest: { name: "leader", exec, args, enabled: true },
  };
}

/** Fields 5 and 6 of /proc/<pid>/stat: process group and session. */
async function groupAndSession(pid: number): Promise<[number, number]> {
  const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return [Number(fields[2]), Number(fields[3])];
}

Deno.test("a planned extension starts through setsid as the leader of its own group and session", async () => {
  const home = await Deno.makeTempDir();
  try {
    const env = { PATH: Deno.env.get("PATH") ?? "" };
    const osSandbox = { kind: "none", why: "test", install: "-" } as const;
    const context = { paths: new ZotPaths(join(home, "zot")), cwd: home, env, osSandbox };
    const script = "import sys; print('up', flush=True); sys.stdin.read()";
    const plan = await planLaunches([ext(home, "python3", ["-c", script])], context);
    const spec = plan.specs[0];
    assert.ok(spec?.setsid, JSON.stringify(plan));
    const log = await ExtensionLog.open(join(home, "ext.log"));
    const proc = ExtensionProcess.spawn(spec, log);
    const reader = proc.stdout.getReader();
    await reader.read(); // "up": the program runs
    reader.releaseLock();
    assertEquals(await groupAndSession(proc.pid), [proc.pid, proc.pid]);
    const cmdline = await Deno.readTextFile(`/proc/${proc.pid}/cmdline`);
    // setsid exec'd the program under the same pid (no fork, nothing left in between).
    assert.ok(cmdline.includes("python3") && !cmdline.includes("setsid"), cmdline);
    await proc.stop(Date.now() + 2000, 1000);
    await proc.stdout.cancel().catch(() => {});
    await log.close();

    const missing = await planLaunches([ext(home, "no-such-program-zot", [])], context);
    assertEquals(missing.specs[0]?.setsid, undefined);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});
