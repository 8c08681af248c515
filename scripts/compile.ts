/**
 * Builds the release binaries with `deno compile`, one per target, with exactly the
 * permissions zot itself needs baked in (src/release/permissions.ts says why each), then
 * proves each binary this machine can run is zot: `--version`, and a scaffolded extension
 * that passes `zot ext check --probe` (src/release/smoke.ts). A binary that fails is deleted.
 *
 * What is compiled is the code-split bundle (as `deno task bundle` writes it, here into a
 * temporary folder removed afterwards, so only binaries land in <out-dir>), not main.ts: a run then loads a few dozen chunks instead of ~130 modules, which starts
 * `zot -p` in about half the time (README § Benchmarks). Every lazy `import()` in the source
 * stays a lazy chunk.
 *
 *   deno task compile                 # every target into dist/
 *   deno task compile --target x86_64-unknown-linux-gnu
 *   deno task compile --dry-run       # print the commands only
 *   deno task compile --smoke-lang ts # smoke-test with a TypeScript extension (needs deno)
 *
 * `deno compile` downloads a `denort` runtime per target from dl.deno.land. Where that is
 * unreachable, point DENORT_BIN at a downloaded denort for the host target (only that target
 * can then be built); without one the script stops with exit code 3 and says so.
 * Exit codes: 2 bad arguments, 3 no usable denort, 4 a built binary is not zot.
 */

import { parseArgs } from "node:util";
import { join } from "node:path";
import { ZOT_VERSION } from "../src/config/mod.ts";
import {
  assetName,
  hostTarget,
  isSmokeLang,
  isTarget,
  SMOKE_LANGS,
  type SmokeLang,
  smokeTest,
  type Target,
  TARGETS,
  ZOT_PERMISSIONS,
} from "../src/release/mod.ts";

export { TARGETS, ZOT_PERMISSIONS };

const repo = join(import.meta.dirname!, "..");

/** The `deno bundle` argv that writes the code-split bundle (main.js and chunks) into `dir`. */
export function bundleArgs(dir: string): string[] {
  return [
    "bundle",
    "--platform",
    "deno",
    "--code-splitting",
    "--outdir",
    dir,
    join(repo, "main.ts"),
  ];
}

/** The `deno compile` argv for one target, compiling the bundle bundleArgs wrote to `bundleDir`. */
export function compileArgs(target: Target, outDir: string, bundleDir: string): string[] {
  return [
    "compile",
    ...ZOT_PERMISSIONS,
    "--target",
    target,
    "--output",
    join(outDir, assetName(target)),
    join(bundleDir, "main.js"),
  ];
}

async function bundle(dir: string): Promise<number> {
  const { code } = await new Deno.Command(Deno.execPath(), {
    args: bundleArgs(dir),
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (code !== 0) console.error(`cannot bundle zot into ${dir}; see above`);
  return code;
}

/** Why DENORT_BIN cannot be used, or undefined when it can (or is unset). */
export function denortProblem(
  denort: string | undefined,
  targets: readonly Target[],
): string | undefined {
  if (denort === undefined) return undefined;
  const host = hostTarget();
  let info: Deno.FileInfo;
  try {
    info = Deno.statSync(denort);
  } catch {
    return `DENORT_BIN=${denort} does not exist; point it at a denort binary for ${host}, ` +
      "or unset it to let deno compile download one";
  }
  if (!info.isFile) return `DENORT_BIN=${denort} is not a file; point it at a denort binary`;
  const others = targets.filter((t) => t !== host);
  if (others.length > 0) {
    return `DENORT_BIN is one runtime for ${host}, so it cannot build ${others.join(", ")}; ` +
      `pass --target ${host}, or unset DENORT_BIN where dl.deno.land is reachable`;
  }
  return undefined;
}

/** Turns deno compile's stderr into the cause and the next step. */
function compileFailure(target: string, text: string, denort: string | undefined): string {
  if (denort && /not an? (ELF|Mach-O|PE)|invalid object|could not find denort/i.test(text)) {
    const cause = text.split("\n").find((l) => /not an?|invalid|could not/i.test(l))?.trim();
    return `cannot compile for ${target}: DENORT_BIN=${denort} is not a denort binary ` +
      `(deno compile said: ${cause}); download denort for ${target} and point DENORT_BIN at it`;
  }
  if (/denort|dl\.deno\.land|dns error|failed to lookup/i.test(text)) {
    return `cannot compile for ${target}: deno compile could not download its denort runtime.\n` +
      "Set DENORT_BIN to a downloaded denort binary for this target, or run on a machine " +
      "that can reach dl.deno.land. `deno task bundle` builds dist/bundle/ offline meanwhile.";
  }
  return `cannot compile for ${target}:\n${text}`;
}

interface BuildOptions {
  outDir: string;
  bundleDir: string;
  denort: string | undefined;
  smokeLang: SmokeLang;
}

async function build(
  target: Target,
  { outDir, bundleDir, denort, smokeLang }: BuildOptions,
): Promise<number> {
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: compileArgs(target, outDir, bundleDir),
    stdout: "inherit",
    stderr: "piped",
  }).output();
  if (code !== 0) {
    console.error(compileFailure(target, new TextDecoder().decode(stderr), denort));
    return denort || /denort|dl\.deno\.land/i.test(new TextDecoder().decode(stderr)) ? 3 : code;
  }
  const binary = join(outDir, assetName(target));
  if (target !== hostTarget()) {
    console.log(`built ${binary} (not run: this machine cannot execute ${target})`);
    return 0;
  }
  const problem = await smokeTest({ zot: [binary], version: ZOT_VERSION, lang: smokeLang });
  if (problem) {
    await Deno.remove(binary).catch(() => {});
    const why = denort ? `; DENORT_BIN=${denort} is probably not denort (plain deno is not)` : "";
    console.error(`the binary built for ${target} is not a working zot: ${problem}${why}`);
    console.error(`removed ${binary} so it cannot be shipped`);
    return 4;
  }
  console.log(`built ${binary}: runs as zot ${ZOT_VERSION} and passed the smoke test`);
  return 0;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      target: { type: "string", multiple: true },
      "dry-run": { type: "boolean", default: false },
      "out-dir": { type: "string", default: "dist" },
      "smoke-lang": { type: "string", default: "shell" },
    },
  });
  const names = values.target?.length ? values.target : [...TARGETS];
  const unknown = names.find((t) => !isTarget(t));
  if (unknown !== undefined) {
    console.error(`unknown target "${unknown}"; choose one of: ${TARGETS.join(", ")}`);
    return 2;
  }
  const targets = names.filter(isTarget);
  if (values["dry-run"]) {
    const bundleDir = "<bundle-dir>";
    console.log(["deno", ...bundleArgs(bundleDir)].join(" "));
    for (const t of targets) {
      console.log(["deno", ...compileArgs(t, values["out-dir"], bundleDir)].join(" "));
    }
    return 0;
  }
  const smokeLang = values["smoke-lang"];
  if (!isSmokeLang(smokeLang)) {
    console.error(`unknown --smoke-lang "${smokeLang}"; choose one of: ${SMOKE_LANGS.join(", ")}`);
    return 2;
  }
  const denort = Deno.env.get("DENORT_BIN");
  const problem = denortProblem(denort, targets);
  if (problem) {
    console.error(problem);
    return 3;
  }
  const bundleDir = await Deno.makeTempDir({ prefix: "zot-bundle-" });
  try {
    const bundled = await bundle(bundleDir);
    if (bundled !== 0) return bundled;
    for (const target of targets) {
      const outDir = values["out-dir"];
      const code = await build(target, { outDir, bundleDir, denort, smokeLang });
      if (code !== 0) return code;
    }
    return 0;
  } finally {
    await Deno.remove(bundleDir, { recursive: true });
  }
}

if (import.meta.main) Deno.exit(await main());
