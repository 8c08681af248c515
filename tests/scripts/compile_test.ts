import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { join } from "node:path";
import { hostTarget } from "../../src/release/mod.ts";

const repo = join(import.meta.dirname!, "..", "..");
const host = hostTarget()!;

async function compile(denort: string, args: string[], outDir: string) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(repo, "scripts", "compile.ts"), "--out-dir", outDir, ...args],
    env: { DENORT_BIN: denort, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  return { code, out: text.decode(stdout), err: text.decode(stderr) };
}

async function withDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("compile: a DENORT_BIN that does not exist is named and nothing is built", async () => {
  await withDir(async (dir) => {
    const missing = join(dir, "no-such-denort");
    const result = await compile(missing, ["--target", host], join(dir, "out"));
    assertEquals(result.code, 3, result.err);
    assertIncludes(result.err, `DENORT_BIN=${missing} does not exist`);
  });
});

Deno.test("compile: a shell script as DENORT_BIN is refused as not a denort binary", async () => {
  await withDir(async (dir) => {
    const fake = join(dir, "denort");
    await Deno.writeTextFile(fake, "#!/bin/sh\necho zot 0.1.0\n", { mode: 0o755 });
    const result = await compile(fake, ["--target", host], join(dir, "out"));
    assertEquals(result.code, 3, result.err);
    assertIncludes(result.err, `DENORT_BIN=${fake} is not a denort binary`);
  });
});

Deno.test("compile: deno itself as DENORT_BIN builds plain deno, which the smoke test catches and deletes", async () => {
  await withDir(async (dir) => {
    const out = join(dir, "out");
    const result = await compile(Deno.execPath(), ["--target", host], out);
    assertEquals(result.code, 4, result.err);
    assertIncludes(result.err, "is not a working zot");
    // The cause: the binary answers as deno, not zot.
    assertIncludes(result.err, `printed "deno `);
    assertIncludes(result.err, `DENORT_BIN=${Deno.execPath()} is probably not denort`);
    assertEquals([...Deno.readDirSync(out)].map((e) => e.name), []);
  });
});

Deno.test("compile: one DENORT_BIN cannot build every target", async () => {
  await withDir(async (dir) => {
    const result = await compile(Deno.execPath(), [], join(dir, "out"));
    assertEquals(result.code, 3, result.err);
    assertIncludes(result.err, `DENORT_BIN is one runtime for ${host}`);
    assert.ok(!result.out.includes("built"), result.out);
  });
});
