import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { join } from "node:path";
import { ZOT_VERSION } from "../../src/config/mod.ts";
import { hostTarget, TARGETS } from "../../src/release/mod.ts";
import { serveRelease, standInBinary, type StandInRelease } from "../support/release_server.ts";

const main = join(import.meta.dirname!, "..", "..", "main.ts");
const decoder = new TextDecoder();

interface Result {
  code: number;
  out: string;
  err: string;
}

async function zot(args: string[], env: Record<string, string>): Promise<Result> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", main, ...args],
    env: { NO_COLOR: "1", NO_PROXY: "127.0.0.1", ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code, out: decoder.decode(stdout), err: decoder.decode(stderr) };
}

async function versionOf(binary: string): Promise<string> {
  const { stdout } = await new Deno.Command(binary, { args: ["--version"] }).output();
  return decoder.decode(stdout).trim();
}

/** A folder with an installed "zot" (a stand-in that answers as this version) and a release. */
async function withInstall(
  release: StandInRelease,
  fn: (ctx: { binary: string; dir: string; url: string; requests: string[] }) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir();
  const server = await serveRelease(release);
  try {
    const binary = join(dir, "zot");
    await Deno.writeFile(binary, standInBinary(ZOT_VERSION), { mode: 0o755 });
    await fn({ binary, dir, url: server.url, requests: server.requests });
  } finally {
    await server.close();
    await Deno.remove(dir, { recursive: true });
  }
}

const newer: StandInRelease = { version: "99.0.0", targets: [...TARGETS] };

function upgrade(binary: string, url: string, ...args: string[]): Promise<Result> {
  return zot(["upgrade", "--binary", binary, ...args], { ZOT_RELEASE_URL: url });
}

Deno.test("zot upgrade replaces the binary with the verified newer release and keeps the old one", async () => {
  await withInstall(newer, async ({ binary, dir, url }) => {
    const r = await upgrade(binary, url);
    assertEquals(r.code, 0, r.err);
    assertIncludes(r.out, `upgraded zot ${ZOT_VERSION} → 99.0.0 at ${binary}`);
    assertEquals(await versionOf(binary), "zot 99.0.0");
    assertEquals(await versionOf(`${binary}.previous`), `zot ${ZOT_VERSION}`);
    // No staged file is left behind.
    assertEquals([...Deno.readDirSync(dir)].map((e) => e.name).sort(), ["zot", "zot.previous"]);
  });
});

Deno.test("zot upgrade --check only reports, and downloads nothing but VERSION", async () => {
  await withInstall(newer, async ({ binary, url, requests }) => {
    const r = await upgrade(binary, url, "--check");
    assertEquals(r.code, 0, r.err);
    assertIncludes(r.out, `zot 99.0.0 is available (this is ${ZOT_VERSION}); run: zot upgrade`);
    assertEquals(requests, ["VERSION"]);
    assertEquals(await versionOf(binary), `zot ${ZOT_VERSION}`);
  });
});

Deno.test("zot upgrade says so when the newest release is not newer", async () => {
  await withInstall({ ...newer, version: ZOT_VERSION }, async ({ binary, url, requests }) => {
    const r = await upgrade(binary, url);
    assertEquals(r.code, 0, r.err);
    assertIncludes(r.out, `zot ${ZOT_VERSION} is up to date (newest release: ${ZOT_VERSION})`);
    assertEquals(requests, ["VERSION"]);
  });
});

Deno.test("zot upgrade refuses a checksum mismatch and changes nothing", async () => {
  const tampered: StandInRelease = {
    ...newer,
    sums: (honest) => new Map([...honest].map(([name]) => [name, "f".repeat(64)])),
  };
  await withInstall(tampered, async ({ binary, dir, url }) => {
    const r = await upgrade(binary, url);
    assertEquals(r.code, 1, r.out);
    assertIncludes(r.err, "checksum mismatch for zot-");
    assertIncludes(r.err, "nothing was changed");
    assertEquals(await versionOf(binary), `zot ${ZOT_VERSION}`);
    assertEquals([...Deno.readDirSync(dir)].map((e) => e.name), ["zot"]);
  });
});

Deno.test("zot upgrade refuses an unsupported platform before downloading a binary", async () => {
  await withInstall(newer, async ({ binary, url, requests }) => {
    const r = await upgrade(binary, url, "--platform", "freebsd/riscv64");
    assertEquals(r.code, 1, r.out);
    assertIncludes(r.err, "no zot release is built for freebsd/riscv64");
    assertEquals(requests, ["VERSION"]);
    assertEquals(await versionOf(binary), `zot ${ZOT_VERSION}`);
  });
});

Deno.test("zot upgrade refuses a verified download that does not run as zot", async () => {
  const notZot = new TextEncoder().encode("#!/bin/sh\necho 'deno 2.9.6'\n");
  await withInstall({ ...newer, binary: notZot }, async ({ binary, dir, url }) => {
    const r = await upgrade(binary, url);
    assertEquals(r.code, 1, r.out);
    assertIncludes(r.err, `does not run as zot 99.0.0 (--version said "deno 2.9.6")`);
    assertEquals([...Deno.readDirSync(dir)].map((e) => e.name), ["zot"]);
  });
});

Deno.test("zot upgrade --rollback swaps back the previous binary, and again undoes it", async () => {
  await withInstall(newer, async ({ binary, url }) => {
    const none = await upgrade(binary, url, "--rollback");
    assertEquals(none.code, 1, none.out);
    assertIncludes(none.err, `no previous zot to roll back to (${binary}.previous does not exist)`);
    assertEquals((await upgrade(binary, url)).code, 0);
    const back = await upgrade(binary, url, "--rollback");
    assertEquals(back.code, 0, back.err);
    assertIncludes(back.out, `rolled back ${binary} to zot ${ZOT_VERSION}`);
    assertEquals(await versionOf(binary), `zot ${ZOT_VERSION}`);
    assertEquals(await versionOf(`${binary}.previous`), "zot 99.0.0");
    assertEquals((await upgrade(binary, url, "--rollback")).code, 0);
    assertEquals(await versionOf(binary), "zot 99.0.0");
  });
});

Deno.test("zot upgrade names an unreachable release", async () => {
  await withInstall(newer, async ({ binary }) => {
    // A port that was just free: nothing listens there.
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = listener.addr.port;
    listener.close();
    const r = await upgrade(binary, `http://127.0.0.1:${port}`);
    assertEquals(r.code, 1, r.out);
    assertIncludes(r.err, `cannot download http://127.0.0.1:${port}/VERSION`);
    assertIncludes(r.err, "ZOT_RELEASE_URL");
  });
});

Deno.test("zot upgrade run from source says how to update instead; --check still reports", async () => {
  await withInstall(newer, async ({ url }) => {
    const r = await zot(["upgrade"], { ZOT_RELEASE_URL: url });
    assertEquals(r.code, 1, r.out);
    assertIncludes(r.err, "this zot runs from source, so there is no binary to replace");
    assertIncludes(r.err, "git -C ");
    const check = await zot(["upgrade", "--check"], { ZOT_RELEASE_URL: url });
    assertEquals(check.code, 0, check.err);
    assertIncludes(check.out, "zot 99.0.0 is available");
    assertIncludes(check.out, "this zot runs from source; git -C ");
  });
});

Deno.test("the host this suite runs on has a release target", () => {
  assert.ok(hostTarget(), `${Deno.build.os}/${Deno.build.arch}`);
});
