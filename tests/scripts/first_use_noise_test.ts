/**
 * A new user's first commands print nothing but what they asked for: no warning box about
 * npm:koffi's build scripts (an optional Windows-only dependency of pi-tui that ships its
 * binaries prebuilt) and no ignored-bare-import warnings from @opentelemetry/api (a dependency
 * of @anthropic-ai/sdk, pinned to a version the bundler reads cleanly).
 */

import { join } from "node:path";
import { assertEquals } from "../support/assert.ts";
import { bundleArgs } from "../../scripts/compile.ts";

const REPO = join(import.meta.dirname!, "..", "..");

async function deno(args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: REPO,
    env: { NO_COLOR: "1" },
    stdin: "null",
  }).output();
  return { code: out.code, err: new TextDecoder().decode(out.stderr) };
}

Deno.test("loading zot warns about no npm build scripts", async () => {
  // Deno shows the box whenever it resolves the graph with koffi's scripts unapproved.
  const run = await deno(["cache", "main.ts"]);
  assertEquals(run.code, 0, run.err);
  assertEquals(run.err.includes("Ignored build scripts"), false, run.err);
});

Deno.test("bundling zot gives no bundler warnings", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const run = await deno(bundleArgs(dir));
    assertEquals(run.code, 0, run.err);
    assertEquals(run.err.includes("bundler warning"), false, run.err);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
