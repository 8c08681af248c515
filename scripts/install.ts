/**
 * `deno task install`: puts a `zot` command on PATH that runs this checkout, with the same
 * permissions a compiled zot has (src/release/permissions.ts). `deno install -g` needs
 * `--config deno.json` for the import map, which is why a bare `deno install -g main.ts` fails.
 *
 *   deno task install                 # into $DENO_INSTALL_ROOT/bin or ~/.deno/bin
 *   deno task install --root <dir>    # into <dir>/bin
 *
 * The shim runs the checkout's main.ts in place but with a copy of deno.json, so after a
 * `git pull` run this again to pick up new dependencies.
 */

import { parseArgs } from "node:util";
import { join } from "node:path";
import { ZOT_PERMISSIONS } from "../src/release/mod.ts";

const repo = join(import.meta.dirname!, "..");

/** The `deno install` argv. */
export function installArgs(root: string | undefined): string[] {
  return [
    "install",
    "--global",
    "--force",
    "--name",
    "zot",
    "--config",
    join(repo, "deno.json"),
    ...ZOT_PERMISSIONS,
    ...(root ? ["--root", root] : []),
    join(repo, "main.ts"),
  ];
}

function binDir(root: string | undefined): string {
  const base = root ?? Deno.env.get("DENO_INSTALL_ROOT") ??
    join(Deno.env.get("HOME") ?? Deno.env.get("USERPROFILE") ?? "~", ".deno");
  return join(base, "bin");
}

async function main(): Promise<number> {
  const { values } = parseArgs({ args: Deno.args, options: { root: { type: "string" } } });
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: installArgs(values.root),
    stdout: "inherit",
    stderr: "piped",
  }).output();
  if (code !== 0) {
    console.error(`cannot install zot: deno install failed:\n${new TextDecoder().decode(stderr)}`);
    return code;
  }
  const dir = binDir(values.root);
  console.log(`installed zot (this checkout, ${repo}) as ${join(dir, "zot")}`);
  const onPath = (Deno.env.get("PATH") ?? "").split(Deno.build.os === "windows" ? ";" : ":")
    .includes(dir);
  if (!onPath) {
    console.log(`${dir} is not on your PATH; add it to your shell profile:`);
    console.log(`  export PATH="${dir}:$PATH"`);
  }
  console.log("update it with: git pull && deno task install; run: zot --help");
  return 0;
}

if (import.meta.main) Deno.exit(await main());
