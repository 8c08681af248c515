import { assertEquals, assertIncludes } from "../support/assert.ts";
import { dirname, join } from "node:path";
import { ZOT_VERSION } from "../../src/config/mod.ts";
import { smokeTest } from "../../src/release/mod.ts";

const repo = join(import.meta.dirname!, "..", "..");

Deno.test("deno task install puts a zot command on PATH that runs this checkout with zot's permissions", async () => {
  const root = await Deno.makeTempDir();
  try {
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["task", "install", "--root", root],
      cwd: repo,
      env: { NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const out = new TextDecoder().decode(stdout);
    assertEquals(code, 0, new TextDecoder().decode(stderr));
    const shim = join(root, "bin", Deno.build.os === "windows" ? "zot.cmd" : "zot");
    assertIncludes(out, `as ${join(root, "bin", "zot")}`);
    assertIncludes(out, `export PATH="${join(root, "bin")}:$PATH"`);
    const text = Deno.readTextFileSync(shim);
    assertIncludes(text, "--allow-sys=homedir,osRelease,hostname --no-prompt");
    assertEquals(text.includes("--allow-all") || text.includes("--allow-ffi"), false);
    // Run as a user would: by name from PATH, from an unrelated folder, with only the
    // permissions in the shim; the smoke test scaffolds and probes an extension.
    const path = `${join(root, "bin")}:${dirname(Deno.execPath())}:${Deno.env.get("PATH")}`;
    const problem = await smokeTest({ zot: ["zot"], version: ZOT_VERSION, env: { PATH: path } });
    assertEquals(problem, undefined);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
