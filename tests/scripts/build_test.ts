import { assertEquals, assertIncludes } from "../support/assert.ts";
import { join } from "node:path";
import { smokeTest, ZOT_PERMISSIONS } from "../../src/release/mod.ts";
import { ZOT_VERSION } from "../../src/config/mod.ts";
import { ProviderServer } from "../support/provider_server.ts";
import { bundleArgs } from "../../scripts/compile.ts";

const repo = join(import.meta.dirname!, "..", "..") + "/";

/**
 * The Node built-ins imported statically by the bundle's chunks named by `entries` (file
 * names or hashed-name prefixes) and every chunk they import statically.
 */
function nodeBuiltins(dir: string, entries: string[]): string[] {
  const files = [...Deno.readDirSync(dir)].map((e) => e.name);
  const queue = entries.map((entry) => files.find((f) => f === entry || f.startsWith(entry))!);
  const seen = new Set<string>();
  const builtins = new Set<string>();
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = Deno.readTextFileSync(join(dir, file));
    // `import … from "x"` and bare `import "x"`; an `import("x")` is a seam and left out.
    for (const [, target] of text.matchAll(/^(?:import|export)\b[^;(]*?["']([^"']+)["']/gm)) {
      if (target.startsWith("node:")) builtins.add(target);
      else if (target.startsWith("./")) queue.push(target.slice(2));
    }
  }
  assertEquals(seen.size > entries.length, true, `only ${[...seen]} followed`);
  return [...builtins].sort();
}

async function run(args: string[], cwd = repo, env: Record<string, string> = {}) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args,
    cwd,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1", ...env },
  }).output();
  return { code, out: new TextDecoder().decode(stdout), err: new TextDecoder().decode(stderr) };
}

Deno.test("the code-split bundle the binaries are compiled from runs zot without the source tree", async () => {
  const dir = await Deno.makeTempDir();
  try {
    // The very argv scripts/compile.ts bundles with, into a folder of its own.
    const built = await run(bundleArgs(join(dir, "bundle")));
    assertEquals(built.code, 0, built.err);
    const bundle = join(dir, "bundle", "main.js");
    const chunks = [...Deno.readDirSync(join(dir, "bundle"))].length;
    assertEquals(chunks > 10, true, `expected lazy chunks, got ${chunks} files`);
    // Run from an unrelated folder so nothing can be resolved from the repo at run time.
    const version = await run(["run", "-A", bundle, "--version"], dir);
    assertEquals(version.code, 0, version.err);
    assertIncludes(version.out, "zot ");
    const help = await run(["run", "-A", bundle, "ext", "--help"], dir);
    assertEquals(help.code, 0, help.err);
    assertIncludes(help.out, "Usage: zot ext");
    // The same smoke test a compiled binary must pass: with only zot's baked-in permissions,
    // scaffolding needs the embedded templates and SDK, and the extension must pass --probe.
    const zot = [Deno.execPath(), "run", ...ZOT_PERMISSIONS, bundle];
    assertEquals(await smokeTest({ zot, version: ZOT_VERSION }), undefined);
    // A run goes through the lazily imported modes and provider SDKs: the bundle has them.
    await using server = await ProviderServer.start();
    for (const provider of ["openai", "anthropic"]) {
      server.reply({ text: `bundled ${provider}` });
      const printed = await run(
        [
          "run",
          "-A",
          bundle,
          "-p",
          "--provider",
          provider,
          "--base-url",
          server.url,
          "--api-key",
          "k",
          "--no-session",
          "--no-ext",
          "hi",
        ],
        dir,
        { ZOT_HOME: join(dir, "home") },
      );
      assertEquals(printed.code, 0, printed.err);
      assertEquals(printed.out, `bundled ${provider}\n`);
    }
    // Code splitting merges modules into shared chunks, whose imports are the union of their
    // modules': the chunks a plain run loads must still start no Node built-in.
    const runPath = ["main.js", "run_direct-", "run_root-", "openai_provider-"];
    assertEquals(nodeBuiltins(join(dir, "bundle"), runPath), []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the compile script targets every platform with zot's permissions baked in", async () => {
  const result = await run(["run", "-A", `${repo}scripts/compile.ts`, "--dry-run"]);
  assertEquals(result.code, 0, result.err);
  const lines = result.out.trim().split("\n");
  assertEquals(lines.length, 6);
  assertIncludes(lines[0], "bundle --platform deno --code-splitting");
  for (const line of lines.slice(1)) assertIncludes(line, "<bundle-dir>/main.js");
  for (
    const target of ["x86_64-unknown-linux-gnu", "aarch64-apple-darwin", "x86_64-pc-windows-msvc"]
  ) {
    assertIncludes(result.out, `--target ${target}`);
  }
  assertIncludes(lines[1], "--allow-read --allow-write --allow-run --allow-net --allow-env");
  assertEquals(result.out.includes("--allow-all") || result.out.includes("--allow-ffi"), false);
  assertIncludes(result.out, "zot-x86_64-pc-windows-msvc.exe");
});
