/**
 * Deno-sandboxed extensions end to end: a real Deno extension tries to read, write, connect,
 * read an env var and spawn a process; Deno refuses what was not granted and the refusal
 * reaches the extension's log and the model; a widened grant lets the same calls through;
 * a manifest edited after install to ask for more is refused until it is granted.
 */

import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { vendorScript } from "./os_sandbox_support.ts";
import { FIXTURES, REPO, World } from "./support.ts";

type Body = { messages: { role: string; content: unknown }[]; tools?: { name: string }[] };
type Block = { type: string; tool_use_id?: string; is_error?: boolean; content?: unknown };

const PROBER = join(FIXTURES, "prober", "main.ts");

/** Runs `zot ext …` in the world's home. */
async function zotExt(world: World, ...args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(REPO, "main.ts"), "ext", ...args],
    cwd: world.work,
    env: world.env(),
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  const run = {
    code: out.code,
    stdout: decoder.decode(out.stdout),
    stderr: decoder.decode(out.stderr),
  };
  assertEquals(run.code, 0, `zot ext ${args.join(" ")}: ${run.stderr}`);
  return run;
}

/** Writes the prober's manifest (asking for `permissions`) and installs it with --yes. */
async function installProber(world: World, permissions: Record<string, unknown>) {
  const src = join(world.root, "prober-src");
  await Deno.mkdir(join(src, "data"), { recursive: true });
  await Deno.writeTextFile(join(src, "data", "note.txt"), "hello\n");
  const exec = await vendorScript(PROBER, src);
  await Deno.writeTextFile(
    join(src, "extension.json"),
    JSON.stringify({ name: "prober", exec, runtime: "deno", permissions }),
  );
  return await zotExt(world, "install", "--yes", src);
}

/** One probe per kind of access, all in one model turn. */
function probes(targets: Record<string, string>) {
  return Object.entries(targets).map(([what, target], i) => ({
    type: "tool_use" as const,
    id: `p${i}`,
    name: "probe",
    input: { what, target },
  }));
}

function toolResults(body: Body): Block[] {
  return (body.messages.at(-1)!.content as Block[]).filter((b) => b.type === "tool_result");
}

/** A loopback listener that is not in the grant; accepts and drops connections. */
function listener() {
  const server = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const accepting = (async () => {
    for await (const conn of server) conn.close();
  })().catch(() => {});
  return {
    target: `127.0.0.1:${(server.addr as Deno.NetAddr).port}`,
    async close() {
      server.close();
      await accepting;
    },
  };
}

Deno.test("Deno refuses every access outside the grant; the log and the model see why", async () => {
  const net = listener();
  const secret = join(Deno.makeTempDirSync(), "secret.txt");
  Deno.writeTextFileSync(secret, "top secret\n");
  try {
    const targets = {
      read: secret,
      write: join(Deno.makeTempDirSync(), "out.txt"),
      net: net.target,
      env: "SECRET_TOKEN",
      run: "/bin/true",
    };
    await using world = await World.create([{ blocks: probes(targets) }, { text: "all refused" }]);
    await installProber(world, { read: ["./data"] });
    const run = await world.run(["-p", "probe everything"], { env: { SECRET_TOKEN: "s3" } });
    assertEquals(run.code, 0, run.stderr);
    assertEquals(run.stdout, "all refused\n");

    const results = toolResults(world.server.bodies()[1] as Body);
    assertEquals(results.length, 5);
    for (const [i, what] of Object.keys(targets).entries()) {
      const text = JSON.stringify(results[i].content);
      assertEquals(results[i].is_error, true, text);
      assertIncludes(text, `Requires ${what} access`);
      assertIncludes(text, `zot ext permissions prober --allow-${what}`);
    }
    const log = await Deno.readTextFile(join(world.home, "logs", "ext-prober.log"));
    assertIncludes(log, "[zot] sandbox denied read access");
    assertIncludes(log, "[zot] sandbox denied run access");
  } finally {
    await net.close();
  }
});

Deno.test("the same calls succeed once the grant is widened", async () => {
  const net = listener();
  const dir = Deno.makeTempDirSync();
  const secret = join(dir, "secret.txt");
  Deno.writeTextFileSync(secret, "top secret\n");
  try {
    const targets = {
      read: secret,
      write: join(dir, "out.txt"),
      net: net.target,
      env: "SECRET_TOKEN",
      run: "/bin/true",
    };
    await using world = await World.create([{ blocks: probes(targets) }, { text: "all allowed" }]);
    await installProber(world, { read: ["./data"] });
    await zotExt(
      world,
      "permissions",
      "prober",
      `--allow-read=${secret}`,
      `--allow-write=${dir}`,
      `--allow-net=${net.target}`,
      "--allow-env=SECRET_TOKEN",
      "--allow-run=/bin/true",
    );
    const run = await world.run(["-p", "probe everything"], { env: { SECRET_TOKEN: "s3" } });
    assertEquals(run.code, 0, run.stderr);
    const texts = toolResults(world.server.bodies()[1] as Body).map((r) => {
      assertEquals(r.is_error ?? false, false, JSON.stringify(r.content));
      return JSON.stringify(r.content);
    });
    assertIncludes(texts[0], "read 11 chars");
    assertIncludes(texts[1], "wrote");
    assertIncludes(texts[2], `connected to ${net.target}`);
    assertIncludes(texts[3], "env SECRET_TOKEN=s3");
    assertIncludes(texts[4], "ran /bin/true: exit 0");
    assertEquals(await Deno.readTextFile(join(dir, "out.txt")), "written by prober\n");
  } finally {
    await net.close();
  }
});

Deno.test("a manifest edited after install to ask for more is refused until granted", async () => {
  await using world = await World.create([{ text: "first" }, { text: "second" }]);
  await installProber(world, { read: ["./data"] });
  const manifestPath = join(world.home, "extensions", "prober", "extension.json");
  const manifest = JSON.parse(await Deno.readTextFile(manifestPath));
  manifest.permissions.net = true;
  await Deno.writeTextFile(manifestPath, JSON.stringify(manifest));

  const refused = await world.run(["-p", "hi"]);
  assertEquals(refused.code, 0, refused.stderr);
  assertIncludes(
    refused.stderr,
    'extension "prober" now asks for more than was granted (net: everything)',
  );
  assertIncludes(refused.stderr, "zot ext permissions prober");
  const firstTools = (world.server.bodies()[0] as Body).tools!.map((t) => t.name);
  assert(!firstTools.includes("probe"), firstTools.join(","));

  await zotExt(world, "permissions", "prober", "--yes");
  const granted = await world.run(["-p", "hi"]);
  assertEquals(granted.code, 0, granted.stderr);
  const secondTools = (world.server.bodies()[1] as Body).tools!.map((t) => t.name);
  assert(secondTools.includes("probe"), secondTools.join(","));
});

Deno.test("--ext with --allow-* grants for this run only; --ext-audit records what it touched", async () => {
  const net = listener();
  try {
    await using world = await World.create([
      { blocks: probes({ net: net.target }) },
      { text: "done" },
    ]);
    const dir = join(world.root, "adhoc");
    await Deno.mkdir(dir);
    const exec = await vendorScript(PROBER, dir);
    await Deno.writeTextFile(
      join(dir, "extension.json"),
      JSON.stringify({
        name: "prober",
        exec,
        runtime: "deno",
        permissions: { net: [net.target] },
      }),
    );
    const run = await world.run([
      "--ext",
      dir,
      `--allow-net=${net.target}`,
      "--ext-audit",
      "-p",
      "connect",
    ]);
    assertEquals(run.code, 0, run.stderr);
    const text = JSON.stringify(toolResults(world.server.bodies()[1] as Body)[0].content);
    assertIncludes(text, `connected to ${net.target}`);
    const audit = await zotExt(world, "logs", "prober", "--audit");
    assertIncludes(audit.stdout, '"net"');
    // Nothing was stored: the grant was for that run only.
    const stored = await Array.fromAsync(Deno.readDir(join(world.home, "grants"))).catch(
      () => [],
    );
    assertEquals(stored, []);
  } finally {
    await net.close();
  }
});
