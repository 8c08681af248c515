/**
 * Whole-process benchmarks of the CLI as users run it (`deno run -A main.ts …`): each
 * command is started as its own process, the commands taking turns round after round so a
 * drifting machine slows them all alike, and each row is a ratio of medians against a floor
 * measured in the same run:
 *
 * - `zot --version`, `zot --help`, `zot ext list`, `zot -p` (against the scripted provider
 *   server, run as a separate process) with 0, 1 and 20 extensions: against `deno run` of an
 *   empty script;
 * - `zot -p` with N extensions: against a raw spawner (raw_spawner.ts) that starts the very
 *   same extension commands (as zot plans them) and reads their first line; and the cost
 *   of the N extensions alone (zot -p with N minus with 0) against the raw spawner's (minus
 *   the empty script);
 * - peak RSS of `zot -p` against the empty script, from GNU time's `%M` (/usr/bin/time), and
 *   against a script making the same streamed request (fetch_floor.ts): the floor of the work.
 *
 * Each row is measured twice: for zot run from source (`deno run -A main.ts`, rows `cli_…`)
 * and for the code-split bundle the release binaries are compiled from (scripts/compile.ts's
 * bundleArgs, built in the run; rows `shipped_…`). The bundle's floor is an empty script in
 * the bundle's own folder, so neither pays for a deno.json the other does not read.
 *
 * Run alone: deno run -A scripts/bench/cli_bench.ts [--runs=N]
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ZotPaths } from "../../src/config/mod.ts";
import { discoverExtensions, planLaunches } from "../../src/extensions/mod.ts";
import { type BenchResult, formatResult } from "./ext_bench.ts";
import { bundleArgs } from "../compile.ts";
import { median } from "./stats.ts";

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const MAIN = here("../../main.ts");
const EMPTY = here("./empty.ts");
const RAW_SPAWNER = here("./raw_spawner.ts");
const FETCH_FLOOR = here("./fetch_floor.ts");
const CLI_EXT = here("./cli_ext.ts");
const PROVIDER_SERVER = here("../../tests/support/provider_server.ts");
const GNU_TIME = "/usr/bin/time";

/** One process run: wall milliseconds and peak RSS in KiB (when GNU time is there). */
interface Sample {
  ms: number;
  rssKiB?: number;
}

interface Setup {
  dir: string;
  env: Record<string, string>;
  url: string;
  extDirs: string[];
  rawSpecs: Map<number, string>;
}

async function hasGnuTime(): Promise<boolean> {
  try {
    return (await Deno.stat(GNU_TIME)).isFile;
  } catch {
    return false;
  }
}

async function runOnce(argv: string[], setup: Setup, gnuTime: boolean): Promise<Sample> {
  const rssFile = join(setup.dir, "rss.txt");
  const [command, ...args] = gnuTime ? [GNU_TIME, "-f", "%M", "-o", rssFile, ...argv] : argv;
  const start = performance.now();
  const out = await new Deno.Command(command, {
    args,
    cwd: join(setup.dir, "cwd"),
    env: setup.env,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output();
  const ms = performance.now() - start;
  if (!out.success) {
    const err = new TextDecoder().decode(out.stderr);
    throw new Error(`${argv.join(" ")} failed (code ${out.code}): ${err}`);
  }
  if (!gnuTime) return { ms };
  const rss = Number((await Deno.readTextFile(rssFile)).trim().split("\n").at(-1));
  return { ms, rssKiB: Number.isFinite(rss) ? rss : undefined };
}

async function startProviderServer(dir: string, turns: number) {
  const script = join(dir, "turns.json");
  await Deno.writeTextFile(script, JSON.stringify(Array(turns).fill({ text: "ok" })));
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", PROVIDER_SERVER, "--script", script],
    stdin: "null",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = child.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { done, value } = await reader.read();
    if (done) throw new Error("provider_server ended before printing its URL");
    text += new TextDecoder().decode(value);
  }
  await reader.cancel();
  return {
    url: text.split("\n")[0].trim(),
    async [Symbol.asyncDispose]() {
      child.kill("SIGTERM");
      await child.status;
    },
  };
}

async function makeExtensions(dir: string, count: number): Promise<string[]> {
  const program = await Deno.readTextFile(CLI_EXT);
  const dirs: string[] = [];
  for (let i = 0; i < count; i++) {
    const extDir = join(dir, "exts", `bench-${i}`);
    await Deno.mkdir(extDir, { recursive: true });
    await Deno.writeTextFile(join(extDir, "main.ts"), program);
    await Deno.writeTextFile(
      join(extDir, "extension.json"),
      JSON.stringify({
        name: `bench-${i}`,
        version: "1.0.0",
        runtime: "deno",
        exec: "main.ts",
        args: [`bench-${i}`],
      }),
    );
    dirs.push(extDir);
  }
  return dirs;
}

/** The raw spawner's input: the launch specs zot itself plans for these folders. */
async function rawSpecFile(setup: Setup, count: number): Promise<string> {
  const paths = new ZotPaths(setup.env.ZOT_HOME);
  const cwd = join(setup.dir, "cwd");
  const found = await discoverExtensions({
    cwd,
    paths,
    explicit: setup.extDirs.slice(0, count),
    noDiscovery: true,
  });
  const plan = await planLaunches(found.extensions, { paths, cwd, env: setup.env });
  if (plan.specs.length !== count) {
    throw new Error(`planned ${plan.specs.length} of ${count} bench extensions: ${plan.refused}`);
  }
  const file = join(setup.dir, `raw-${count}.json`);
  await Deno.writeTextFile(file, JSON.stringify(plan.specs));
  return file;
}

/** How one zot is run: `deno run` flags and the entry module. */
interface Entry {
  flags: string[];
  main: string;
}

function zot(entry: Entry, ...args: string[]): string[] {
  return [Deno.execPath(), "run", "-A", ...entry.flags, entry.main, ...args];
}

function printArgs(setup: Setup, entry: Entry, extensions: number): string[] {
  const exts = setup.extDirs.slice(0, extensions).flatMap((d) => ["--ext", d]);
  return zot(
    entry,
    "-p",
    "--provider",
    "openai",
    "--base-url",
    setup.url,
    "--api-key",
    "bench",
    "--no-session",
    "--no-ext",
    ...exts,
    "hi",
  );
}

/** Runs every command once per round, in turn, after one warm-up round. */
async function rounds(
  commands: Record<string, string[]>,
  setup: Setup,
  runs: number,
  gnuTime: boolean,
): Promise<Record<string, Sample[]>> {
  const samples: Record<string, Sample[]> = {};
  for (const name of Object.keys(commands)) samples[name] = [];
  for (let round = 0; round <= runs; round++) {
    for (const [name, argv] of Object.entries(commands)) {
      const sample = await runOnce(argv, setup, gnuTime);
      if (round > 0) samples[name].push(sample);
    }
  }
  return samples;
}

function timeRow(name: string, a: Sample[], b: Sample[], baselineName: string): BenchResult {
  const value = median(a.map((s) => s.ms));
  const baseline = median(b.map((s) => s.ms));
  return { name, value, baseline, unit: "ms", ratio: value / baseline, baselineName };
}

function costRow(
  name: string,
  withN: Sample[],
  without: Sample[],
  raw: Sample[],
  empty: Sample[],
  baselineName: string,
): BenchResult {
  const m = (s: Sample[]) => median(s.map((x) => x.ms));
  const value = m(withN) - m(without);
  const baseline = m(raw) - m(empty);
  return { name, value, baseline, unit: "ms", ratio: value / baseline, baselineName };
}

/**
 * Builds the code-split bundle as the release does, with an empty script beside it. Both run
 * with lazy dynamic imports, as a compiled binary loads its modules: each when first imported
 * (without the flag `deno run` would first read every chunk behind every `import()`).
 */
async function buildBundle(dir: string): Promise<{ main: Entry; empty: Entry }> {
  const built = await new Deno.Command(Deno.execPath(), {
    args: bundleArgs(join(dir, "bundle")),
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!built.success) throw new Error(`bundling failed: ${new TextDecoder().decode(built.stderr)}`);
  const empty = join(dir, "bundle", "empty.js");
  await Deno.writeTextFile(empty, "// the floor for the bundle: an empty script beside it\n");
  const flags = ["--unstable-lazy-dynamic-imports"];
  return { main: { flags, main: join(dir, "bundle", "main.js") }, empty: { flags, main: empty } };
}

/** One zot's commands (source or shipped), keyed with `prefix`. */
function zotCommands(
  prefix: string,
  empty: Entry,
  entry: Entry,
  setup: Setup,
  many: number,
): Record<string, string[]> {
  return {
    [prefix + "empty"]: zot(empty),
    [prefix + "version"]: zot(entry, "--version"),
    [prefix + "help"]: zot(entry, "--help"),
    [prefix + "extList"]: zot(entry, "ext", "list"),
    [prefix + "print0"]: printArgs(setup, entry, 0),
    [prefix + "print1"]: printArgs(setup, entry, 1),
    [prefix + "printMany"]: printArgs(setup, entry, many),
  };
}

/** The rows of one zot (source or shipped) from its samples. */
function zotRows(
  label: string,
  prefix: string,
  all: Record<string, Sample[]>,
  many: number,
  gnuTime: boolean,
): BenchResult[] {
  const s = (key: string) => all[prefix + key];
  const empty = prefix ? "an empty script beside the bundle" : "an empty `deno run` script";
  const rows = [
    timeRow(`${label}_version`, s("version"), s("empty"), empty),
    timeRow(`${label}_help`, s("help"), s("empty"), empty),
    timeRow(`${label}_ext_list`, s("extList"), s("empty"), empty),
    timeRow(`${label}_print_0ext`, s("print0"), s("empty"), empty),
    timeRow(`${label}_print_1ext`, s("print1"), s("empty"), empty),
    timeRow(`${label}_print_${many}ext`, s("printMany"), s("empty"), empty),
    timeRow(
      `${label}_print_1ext_raw`,
      s("print1"),
      all.raw1,
      "a script spawning the same 1 program",
    ),
    timeRow(
      `${label}_print_${many}ext_raw`,
      s("printMany"),
      all.rawMany,
      `a script spawning the same ${many} programs`,
    ),
    costRow(
      `${label}_ext_start_cost_1`,
      s("print1"),
      s("print0"),
      all.raw1,
      all.empty,
      "1 raw spawn to its first line (script minus empty script)",
    ),
    costRow(
      `${label}_ext_start_cost_${many}`,
      s("printMany"),
      s("print0"),
      all.rawMany,
      all.empty,
      `${many} raw spawns to first line (script minus empty script)`,
    ),
  ];
  if (gnuTime) {
    const rss = (xs: Sample[]) => median(xs.map((x) => x.rssKiB ?? 0)) / 1024;
    const rssRow = (name: string, floor: Sample[], baselineName: string): BenchResult => {
      const value = rss(s("print0"));
      const baseline = rss(floor);
      return { name, value, baseline, unit: "MiB", ratio: value / baseline, baselineName };
    };
    rows.push(
      rssRow(`${label}_print_peak_rss`, s("empty"), `${empty} (GNU time %M)`),
      rssRow(
        `${label}_print_peak_rss_vs_fetch`,
        all.fetchFloor,
        "a script making the same streamed request to the same server (GNU time %M)",
      ),
    );
  }
  return rows;
}

/** Runs the whole-process CLI benchmarks. */
export async function runCliBench(
  options: { runs?: number; many?: number } = {},
): Promise<BenchResult[]> {
  const runs = options.runs ?? 10;
  const many = options.many ?? 20;
  const dir = await Deno.makeTempDir({ prefix: "zot-cli-bench-" });
  try {
    await Deno.mkdir(join(dir, "cwd"));
    await Deno.mkdir(join(dir, "home"));
    await using server = await startProviderServer(dir, 8 * (runs + 1));
    const setup: Setup = {
      dir,
      url: server.url,
      env: { ...Deno.env.toObject(), ZOT_HOME: join(dir, "home"), NO_COLOR: "1" },
      extDirs: await makeExtensions(dir, many),
      rawSpecs: new Map(),
    };
    const gnuTime = await hasGnuTime();
    const shipped = await buildBundle(dir);
    const commands: Record<string, string[]> = {
      raw1: [Deno.execPath(), "run", "-A", RAW_SPAWNER, await rawSpecFile(setup, 1)],
      rawMany: [Deno.execPath(), "run", "-A", RAW_SPAWNER, await rawSpecFile(setup, many)],
      fetchFloor: [Deno.execPath(), "run", "-A", FETCH_FLOOR, server.url],
      ...zotCommands("", { flags: [], main: EMPTY }, { flags: [], main: MAIN }, setup, many),
      ...zotCommands("shipped.", shipped.empty, shipped.main, setup, many),
    };
    const s = await rounds(commands, setup, runs, gnuTime);
    return [
      ...zotRows("cli", "", s, many, gnuTime),
      ...zotRows("shipped", "shipped.", s, many, gnuTime),
    ];
  } finally {
    if (Deno.env.get("BENCH_KEEP")) console.error(`kept ${dir}`);
    else await Deno.remove(dir, { recursive: true });
  }
}

if (import.meta.main) {
  const { values } = parseArgs({ args: Deno.args, options: { runs: { type: "string" } } });
  const rows = await runCliBench(values.runs ? { runs: Number(values.runs) } : {});
  for (const r of rows) console.log(formatResult(r));
}
