import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { join } from "node:path";
import { assetName, hostTarget, TARGETS } from "../../src/release/mod.ts";
import { serveRelease, type StandInRelease } from "../support/release_server.ts";

const script = join(import.meta.dirname!, "..", "..", "install.sh");
const host = hostTarget()!;

interface Run {
  code: number;
  out: string;
  err: string;
  home: string;
  requests: string[];
}

/** Runs install.sh under dash (the strictest POSIX sh here) against a stand-in release. */
async function install(
  release: StandInRelease,
  env: (home: string) => Record<string, string>,
  check: (run: Run) => void | Promise<void>,
): Promise<void> {
  const home = await Deno.makeTempDir();
  const server = await serveRelease(release);
  try {
    const { code, stdout, stderr } = await new Deno.Command("dash", {
      args: [script],
      env: { HOME: home, ZOT_RELEASE_URL: server.url, NO_PROXY: "127.0.0.1", ...env(home) },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder();
    await check({
      code,
      out: text.decode(stdout),
      err: text.decode(stderr),
      home,
      requests: server.requests,
    });
  } finally {
    await server.close();
    await Deno.remove(home, { recursive: true });
  }
}

async function run(path: string): Promise<string> {
  const { stdout } = await new Deno.Command(path, { args: ["--version"] }).output();
  return new TextDecoder().decode(stdout).trim();
}

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

const good: StandInRelease = { version: "99.0.0", targets: [...TARGETS] };

Deno.test("install.sh is POSIX sh: sh -n and dash -n accept it", async () => {
  for (const shell of ["sh", "dash"]) {
    const { code, stderr } = await new Deno.Command(shell, { args: ["-n", script] }).output();
    assertEquals(code, 0, new TextDecoder().decode(stderr));
  }
});

Deno.test("install.sh installs the verified binary into ZOT_INSTALL_DIR and says how to reach it", async () => {
  await install(good, (home) => ({
    ZOT_INSTALL_DIR: join(home, "tools"),
    PATH: Deno.env.get("PATH")!,
  }), async (r) => {
    assertEquals(r.code, 0, r.err);
    const zot = join(r.home, "tools", "zot");
    assertEquals(await run(zot), "zot 99.0.0");
    assertEquals((Deno.statSync(zot).mode! & 0o777).toString(8), "755");
    assertIncludes(r.out, `installed zot 99.0.0 to ${zot}`);
    assertIncludes(r.out, `${join(r.home, "tools")} is not on your PATH`);
    assertIncludes(r.out, `export PATH="${join(r.home, "tools")}:$PATH"`);
    assertEquals(r.requests, ["SHA256SUMS", assetName(host)]);
  });
});

Deno.test("install.sh defaults to ~/.local/bin and needs no PATH hint when it is on PATH", async () => {
  await install(good, (home) => ({
    PATH: `${join(home, ".local", "bin")}:${Deno.env.get("PATH")}`,
  }), async (r) => {
    assertEquals(r.code, 0, r.err);
    assertEquals(await run(join(r.home, ".local", "bin", "zot")), "zot 99.0.0");
    assertIncludes(r.out, "run: zot --help");
    assert.ok(!r.out.includes("not on your PATH"), r.out);
  });
});

Deno.test("install.sh refuses a binary whose checksum does not match and installs nothing", async () => {
  const tampered: StandInRelease = {
    ...good,
    sums: (honest) => new Map([...honest].map(([name]) => [name, "0".repeat(64)])),
  };
  await install(tampered, (home) => ({
    ZOT_INSTALL_DIR: join(home, "bin"),
    PATH: Deno.env.get("PATH")!,
  }), (r) => {
    assertEquals(r.code, 1, r.out);
    assertIncludes(r.err, `checksum mismatch for ${assetName(host)}`);
    assertIncludes(r.err, "nothing was installed");
    assertEquals(exists(join(r.home, "bin", "zot")), false);
  });
});

Deno.test("install.sh refuses a release that has no binary for this platform", async () => {
  const others = TARGETS.filter((t) => t !== host);
  await install({ ...good, targets: others }, (home) => ({
    ZOT_INSTALL_DIR: join(home, "bin"),
    PATH: Deno.env.get("PATH")!,
  }), (r) => {
    assertEquals(r.code, 1, r.out);
    assertIncludes(r.err, `SHA256SUMS lists no ${assetName(host)}`);
    assertEquals(exists(join(r.home, "bin", "zot")), false);
  });
});

Deno.test("install.sh refuses an unsupported OS and CPU before downloading anything", async () => {
  const fakeBin = await Deno.makeTempDir();
  try {
    // uname is what install.sh asks; a stand-in answers like a FreeBSD machine on RISC-V.
    await Deno.writeTextFile(
      join(fakeBin, "uname"),
      '#!/bin/sh\ncase "$1" in -s) echo FreeBSD ;; -m) echo riscv64 ;; esac\n',
      { mode: 0o755 },
    );
    await install(good, (home) => ({
      ZOT_INSTALL_DIR: join(home, "bin"),
      PATH: `${fakeBin}:${Deno.env.get("PATH")}`,
    }), (r) => {
      assertEquals(r.code, 1, r.out);
      assertIncludes(r.err, "no zot release is built for FreeBSD/riscv64");
      assertEquals(r.requests, []);
      assertEquals(exists(join(r.home, "bin", "zot")), false);
    });
  } finally {
    await Deno.remove(fakeBin, { recursive: true });
  }
});
