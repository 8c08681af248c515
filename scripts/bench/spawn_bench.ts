/**
 * What spawning an extension costs zot's own process, by way of spawning, so the process
 * containment can be chosen on numbers. Each way starts N children of /bin/true at once
 * (the child's own work is nil: what is left is zot's side) and is reported against a
 * plain `Deno.Command` spawn measured in the same run:
 *
 * - detached: `detached: true` (own process group, what runtime/process.ts does today, so
 *   stop and the stray sweep can signal the whole group);
 * - setsid: not detached, the command wrapped in setsid(1) (own session and group too,
 *   at the price of one more exec in the child);
 * - bwrap: not detached, under bubblewrap with its own PID namespace (what the sandbox
 *   work runs extensions in; the namespace's init takes every process in it down).
 *
 * Time is the spawn calls themselves (they block the event loop), and, separately, until
 * every child has exited. zot's heap is large when it spawns (80+ MiB) and a fork's cost
 * grows with it, so the bench holds a ballast of that size while it measures.
 *
 * Run alone: deno run -A scripts/bench/spawn_bench.ts [--children=N] [--rounds=N]
 */

import { parseArgs } from "node:util";
import type { BenchResult } from "./ext_bench.ts";
import { formatResult } from "./ext_bench.ts";
import { median } from "./stats.ts";

/** How one way spawns a child: the command and arguments, and whether it detaches. */
interface Way {
  name: string;
  command: string;
  args: string[];
  detached: boolean;
  available: () => Promise<boolean>;
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}

const TRUE = "/bin/true";
const WAYS: Way[] = [
  { name: "plain", command: TRUE, args: [], detached: false, available: () => exists(TRUE) },
  { name: "detached", command: TRUE, args: [], detached: true, available: () => exists(TRUE) },
  {
    name: "setsid",
    command: "/usr/bin/setsid",
    args: [TRUE],
    detached: false,
    available: () => exists("/usr/bin/setsid"),
  },
  {
    name: "bwrap",
    command: "/usr/bin/bwrap",
    args: ["--unshare-pid", "--die-with-parent", "--ro-bind", "/", "/", TRUE],
    detached: false,
    available: async () => {
      if (!(await exists("/usr/bin/bwrap"))) return false;
      // bwrap needs user namespaces; some containers refuse them.
      const probe = await new Deno.Command("/usr/bin/bwrap", {
        args: ["--unshare-pid", "--ro-bind", "/", "/", TRUE],
        stdout: "null",
        stderr: "null",
      }).output().catch(() => undefined);
      return probe?.success === true;
    },
  },
];

/** Spawns `children` at once; returns ms spent in the spawn calls and ms until all exited. */
async function spawnAll(way: Way, children: number): Promise<{ spawn: number; exit: number }> {
  const t0 = performance.now();
  const procs: Deno.ChildProcess[] = [];
  for (let i = 0; i < children; i++) {
    procs.push(
      new Deno.Command(way.command, {
        args: way.args,
        stdin: "null",
        stdout: "null",
        stderr: "null",
        detached: way.detached,
      }).spawn(),
    );
  }
  const spawned = performance.now();
  const statuses = await Promise.all(procs.map((p) => p.status));
  const exited = performance.now();
  if (statuses.some((s) => !s.success)) throw new Error(`${way.name}: a child failed`);
  return { spawn: spawned - t0, exit: exited - t0 };
}

/** A heap of about zot's size while it spawns, touched so its pages are really mapped. */
function ballast(mib: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < mib; i++) chunks.push(new Uint8Array(1024 * 1024).fill(i & 0xff));
  return chunks;
}

/** Runs the spawn benchmark; rows per way against the plain spawn. */
export async function runSpawnBench(
  options: { children?: number; rounds?: number; ballastMiB?: number } = {},
): Promise<BenchResult[]> {
  const children = options.children ?? 20;
  const rounds = options.rounds ?? 7;
  const heap = ballast(options.ballastMiB ?? 64);
  const ways: Way[] = [];
  for (const way of WAYS) if (await way.available()) ways.push(way);
  const spawn = new Map<string, number[]>(ways.map((w) => [w.name, []]));
  const exit = new Map<string, number[]>(ways.map((w) => [w.name, []]));
  for (let round = 0; round <= rounds; round++) {
    for (const way of ways) {
      const r = await spawnAll(way, children);
      if (round === 0) continue; // warm-up
      spawn.get(way.name)!.push(r.spawn);
      exit.get(way.name)!.push(r.exit);
    }
  }
  // Read after the rounds so the ballast stays alive (and mapped) while they run.
  if (heap.some((chunk) => chunk.length !== 1024 * 1024)) throw new Error("ballast changed");
  const rows: BenchResult[] = [];
  const floorSpawn = median(spawn.get("plain")!);
  const floorExit = median(exit.get("plain")!);
  const baselineName = `${children} plain Deno.Command spawns`;
  for (const way of ways.filter((w) => w.name !== "plain")) {
    const s = median(spawn.get(way.name)!);
    const e = median(exit.get(way.name)!);
    rows.push(
      {
        name: `spawn_${way.name}_${children}`,
        value: s,
        baseline: floorSpawn,
        unit: "ms",
        ratio: s / floorSpawn,
        baselineName: `${baselineName} (time in the spawn calls)`,
      },
      {
        name: `spawn_${way.name}_${children}_exit`,
        value: e,
        baseline: floorExit,
        unit: "ms",
        ratio: e / floorExit,
        baselineName: `${baselineName} (until all exited)`,
      },
    );
  }
  return rows;
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { children: { type: "string" }, rounds: { type: "string" } },
  });
  const rows = await runSpawnBench({
    ...(values.children ? { children: Number(values.children) } : {}),
    ...(values.rounds ? { rounds: Number(values.rounds) } : {}),
  });
  for (const r of rows) console.log(formatResult(r));
}
