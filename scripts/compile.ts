/**
 * Builds the release binaries with `deno compile`, one per target, with exactly the
 * permissions zot itself needs baked in (a compiled binary cannot widen them at run time).
 *
 *   deno task compile                 # every target into dist/
 *   deno task compile --target x86_64-unknown-linux-gnu
 *   deno task compile --dry-run       # print the commands only
 *
 * `deno compile` downloads a `denort` runtime per target from dl.deno.land. Where that is
 * unreachable, point DENORT_BIN at a downloaded denort for the host target; without one
 * the script stops with exit code 3 and says so, instead of failing obscurely.
 *
 * Permissions zot needs, and why:
 *   --allow-read, --allow-write  the agent's read/write/edit tools work on the user's files;
 *                                zot keeps state under $ZOT_HOME
 *   --allow-run                  extensions, the bash tool, git for `zot ext install`,
 *                                and `deno` for sandboxed extensions
 *   --allow-net                  model providers (any base URL the user configures)
 *   --allow-env                  HOME/ZOT_HOME/XDG paths, API keys, NO_COLOR, TERM
 *   --allow-sys=homedir,osRelease,hostname  the TUI's terminal detection (node:os)
 * Not granted: ffi, import (every module is in the compiled graph).
 */

import { parseArgs } from "node:util";

/** The targets release builds are made for. */
export const TARGETS = [
  "x86_64-unknown-linux-gnu",
  "aarch64-unknown-linux-gnu",
  "x86_64-apple-darwin",
  "aarch64-apple-darwin",
  "x86_64-pc-windows-msvc",
] as const;

/** The permission flags baked into the binary. */
export const ZOT_PERMISSIONS = [
  "--allow-read",
  "--allow-write",
  "--allow-run",
  "--allow-net",
  "--allow-env",
  "--allow-sys=homedir,osRelease,hostname",
  "--no-prompt",
];

/** The `deno compile` argv for one target. */
export function compileArgs(target: string, outDir = "dist"): string[] {
  const suffix = target.includes("windows") ? ".exe" : "";
  return [
    "compile",
    ...ZOT_PERMISSIONS,
    "--target",
    target,
    "--output",
    `${outDir}/zot-${target}${suffix}`,
    "main.ts",
  ];
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      target: { type: "string", multiple: true },
      "dry-run": { type: "boolean", default: false },
      "out-dir": { type: "string", default: "dist" },
    },
  });
  const targets = values.target?.length ? values.target : [...TARGETS];
  for (const target of targets) {
    if (!(TARGETS as readonly string[]).includes(target)) {
      console.error(`unknown target "${target}"; choose one of: ${TARGETS.join(", ")}`);
      return 2;
    }
  }
  for (const target of targets) {
    const args = compileArgs(target, values["out-dir"]);
    if (values["dry-run"]) {
      console.log(["deno", ...args].join(" "));
      continue;
    }
    const { code, stderr } = await new Deno.Command(Deno.execPath(), {
      args,
      stdout: "inherit",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(stderr);
    if (code !== 0) {
      if (/denort|dl\.deno\.land|dns error|failed to lookup/i.test(text)) {
        console.error(
          `cannot compile for ${target}: deno compile could not download its denort runtime.\n` +
            "Set DENORT_BIN to a downloaded denort binary for this target, or run on a machine " +
            "that can reach dl.deno.land. `deno task bundle` builds dist/zot.js offline meanwhile.",
        );
        return 3;
      }
      console.error(text);
      return code;
    }
    console.log(`built zot for ${target}`);
  }
  return 0;
}

if (import.meta.main) Deno.exit(await main());
