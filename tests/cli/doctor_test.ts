import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { dirname, join } from "node:path";

const main = join(import.meta.dirname!, "..", "..", "main.ts");

/** Deno's cache, kept when HOME changes so the run does not download every package again. */
async function denoDir(): Promise<string> {
  const { stdout } = await new Deno.Command(Deno.execPath(), { args: ["info", "--json"] }).output();
  return (JSON.parse(new TextDecoder().decode(stdout)) as { denoDir: string }).denoDir;
}

async function doctor(env: Record<string, string>, wrap: string[] = []) {
  const [program, ...prefix] = [...wrap, Deno.execPath()];
  const { code, stdout, stderr } = await new Deno.Command(program, {
    args: [...prefix, "run", "-A", main, "doctor"],
    env: { NO_COLOR: "1", DENO_DIR: await denoDir(), ...env },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code,
    out: new TextDecoder().decode(stdout),
    err: new TextDecoder().decode(stderr),
  };
}

/** A PATH folder holding only these programs (links to the real ones). */
async function pathWith(dir: string, tools: string[]): Promise<string> {
  const bin = join(dir, "bin");
  await Deno.mkdir(bin);
  for (const tool of tools) {
    const real = (await new Deno.Command("sh", { args: ["-c", `command -v ${tool}`] }).output())
      .stdout;
    await Deno.symlink(new TextDecoder().decode(real).trim(), join(bin, tool));
  }
  return bin;
}

Deno.test("zot doctor on a machine missing python3, node, go, jq and bwrap says what each is for and how to get it", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const bin = await pathWith(dir, ["git"]);
    const r = await doctor({
      PATH: bin,
      HOME: dir,
      ZOT_HOME: join(dir, "state"),
      OPENAI_API_KEY: "sk-never-printed-1234",
    });
    assertEquals(r.code, 0, r.err);
    const line = (name: string) => r.out.split("\n").find((l) => l.slice(2).startsWith(name + " "));
    assertIncludes(line("git")!, "✓ git");
    // Deno puts its Node shim on PATH when node is missing; doctor says that is not Node.js.
    assertIncludes(line("node")!, "! node");
    assert.ok(/no Node\.js|not found on PATH/.test(line("node")!), line("node"));
    for (const tool of ["python3", "go", "jq"]) {
      assertIncludes(line(tool)!, `! ${tool}`);
      assertIncludes(line(tool)!, "not found on PATH; needed only for");
    }
    assertIncludes(r.out, "fix: install python3 from your package manager");
    assertIncludes(r.out, "bwrap (bubblewrap) not found");
    assertIncludes(r.out, "fix: apt install bubblewrap");
    // No deno on PATH, but zot runs from source: its own deno serves.
    assertIncludes(line("deno")!, `the deno running zot (${Deno.execPath()})`);
    assertIncludes(line("$ZOT_HOME")!, `${join(dir, "state")} is writable`);
    assertIncludes(line("openai key")!, "found in OPENAI_API_KEY");
    assert.ok(!r.out.includes("sk-never-printed"), r.out);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("zot doctor fails when $ZOT_HOME cannot be written, and says how to fix it", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "a-file");
    await Deno.writeTextFile(file, "");
    const r = await doctor({
      PATH: dirname(Deno.execPath()),
      HOME: dir,
      ZOT_HOME: join(file, "state"),
    });
    assertEquals(r.code, 1, r.out);
    assertIncludes(r.out, `✗ $ZOT_HOME`);
    assertIncludes(r.out, `${join(file, "state")} is not writable`);
    assertIncludes(r.out, "fix: fix its permissions, or set ZOT_HOME to a folder you own");
    assertIncludes(r.err, "zot: 1 check failed");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("zot doctor run as process 1 of a PID namespace says it cannot reap orphans", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const env = { PATH: Deno.env.get("PATH") ?? "", HOME: dir, ZOT_HOME: join(dir, "state") };
    // unshare(1) forks zot as the first process of a new PID namespace, as a container would.
    const wrap = ["unshare", "--user", "--map-root-user", "--pid", "--fork", "--mount-proc"];
    const first = await doctor(env, wrap);
    assertEquals(first.code, 0, first.err);
    assertIncludes(first.out, "zot is process 1 here");
    assertIncludes(first.out, "fix: start the container with an init");
    const usual = await doctor(env);
    assert.ok(!usual.out.includes("process 1"), usual.out);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
