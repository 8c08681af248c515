/**
 * Notify flood benchmark: the real zot TUI in tmux with an extension that sends 1,000,000
 * `notify` frames. Reported as ratios against figures measured in the same run:
 *
 * - keystroke_under_flood: key sent → character on screen while the flood runs, against
 *   the same with zot idle (the bar: the TUI still answers within 100 ms);
 * - rss_under_flood: zot's peak resident memory during and after the flood, against its
 *   idle figure before it (the bar: under 2×).
 *
 * Linux only (reads /proc for RSS). Run alone:
 *   deno run -A scripts/bench/flood_bench.ts [notices]
 */

import { ProviderServer } from "../../tests/support/provider_server.ts";
import { TmuxSession } from "../../tests/tui/support/tmux.ts";
import { zotArgv } from "../../tests/tui/support/zot_tmux.ts";
import type { BenchResult } from "./ext_bench.ts";
import { median } from "./stats.ts";

const extDir = new URL("./flood_ext", import.meta.url).pathname;

async function run(args: string[]): Promise<string> {
  const out = await new Deno.Command(args[0], { args: args.slice(1), stdout: "piped" }).output();
  return new TextDecoder().decode(out.stdout);
}

/** zot's pid: the deno child of the pane's shell that runs main.ts. */
async function zotPid(s: TmuxSession): Promise<number> {
  const pane = (await run(["tmux", "-L", s.socket, "display", "-p", "-t", "t", "#{pane_pid}"]))
    .trim();
  for (const line of (await run(["ps", "-o", "pid=,args=", "--ppid", pane])).split("\n")) {
    if (line.includes("main.ts")) return Number(line.trim().split(/\s+/)[0]);
  }
  throw new Error(`no zot process under pane ${pane}`);
}

async function rssKb(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** Types a marker and measures until it is on screen, then erases it. */
async function keystroke(s: TmuxSession, marker: string): Promise<number> {
  const started = performance.now();
  await s.send([marker], true);
  await s.waitFor(marker, 60_000);
  const ms = performance.now() - started;
  await s.send(["C-u"]);
  return ms;
}

/** Runs the flood against the real TUI; the rows compare with idle figures of the same run. */
export async function runFloodBench(NOTICES = 1_000_000): Promise<BenchResult[]> {
  const server = await ProviderServer.start({ turns: [] });
  const home = await Deno.makeTempDir({ prefix: "zot-bench-home-" });
  const s = await TmuxSession.start(zotArgv(server.url, "--no-session", "--ext", extDir), {
    cols: 120,
    rows: 30,
    env: { ZOT_HOME: home },
  });
  try {
    await s.waitFor("type a message", 30_000);
    const pid = await zotPid(s);
    const idleKeys: number[] = [];
    for (let i = 0; i < 5; i++) idleKeys.push(await keystroke(s, `idle${i}q`));
    const idleRss = await rssKb(pid);

    let peak = idleRss;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rssKb(pid).catch(() => 0));
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const floodStarted = performance.now();
    await s.send(["/flood " + NOTICES], true);
    await s.send(["Enter"]);
    const floodKeys: number[] = [];
    for (let i = 0; i < 5; i++) floodKeys.push(await keystroke(s, `busy${i}q`));
    await s.waitFor(`flooded ${NOTICES}`, 600_000);
    const floodMs = performance.now() - floodStarted;
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 200));
    const afterRss = await rssKb(pid);
    sampling = false;
    await sampler;

    const results: BenchResult[] = [
      {
        name: "keystroke_under_flood",
        value: median(floodKeys),
        baseline: median(idleKeys),
        unit: "ms",
        ratio: median(floodKeys) / median(idleKeys),
        baselineName: "keystroke with zot idle",
      },
      {
        name: "rss_under_flood",
        value: peak / 1024,
        baseline: idleRss / 1024,
        unit: "MiB",
        ratio: peak / idleRss,
        baselineName: "idle RSS before the flood",
      },
    ];
    console.error(
      `flood: ${NOTICES} notices in ${Math.round(floodMs)} ms; slowest keystroke ` +
        `${Math.round(Math.max(...floodKeys))} ms; RSS after ${Math.round(afterRss / 1024)} MiB`,
    );
    return results;
  } finally {
    await s.send(["C-c"]).catch(() => {});
    await s.send(["C-c"]).catch(() => {});
    await s.close();
    await server.close();
    await Deno.remove(home, { recursive: true });
  }
}

if (import.meta.main) {
  const { formatResult } = await import("./ext_bench.ts");
  for (const row of await runFloodBench(Number(Deno.args[0] ?? 1_000_000))) {
    console.log(formatResult(row));
  }
}
