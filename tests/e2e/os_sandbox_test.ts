/**
 * The OS sandbox (bubblewrap) restricts extensions in any language: a Python script, a
 * Node script and a static Go binary, each installed with `"permissions": {}`, cannot read
 * a secret in $HOME/.ssh or $ZOT_HOME/auth.json, cannot connect to a loopback server and
 * cannot see an environment variable; after `zot ext permissions` grants a folder, that
 * server and that variable, the same probes get through, and nothing else does.
 */

import { join } from "node:path";
import { assertEquals, assertIncludes } from "../support/assert.ts";
import { buildGoProbe, loopbackServer, makeExtension, SecretWorld } from "./os_sandbox_support.ts";

interface Language {
  name: string;
  fixture: string;
  manifest: (dir: string) => Promise<Record<string, unknown>>;
}

const LANGUAGES: Language[] = [
  {
    name: "pyprobe",
    fixture: "python",
    manifest: () => Promise.resolve({ exec: "./main.py" }),
  },
  {
    name: "nodeprobe",
    fixture: "node",
    manifest: () => Promise.resolve({ exec: "node", args: ["./main.js"] }),
  },
  {
    name: "goprobe",
    fixture: "go",
    manifest: async (dir) => {
      await Deno.copyFile(await buildGoProbe(), join(dir, "goprobe"));
      await Deno.chmod(join(dir, "goprobe"), 0o755);
      return { exec: "./goprobe" };
    },
  },
];

function lines(stdout: string): string[] {
  return stdout.trim().split("\n");
}

for (const lang of LANGUAGES) {
  Deno.test(`${lang.fixture}: restricted to its folder until granted, then exactly the grant`, async () => {
    await using secrets = await SecretWorld.create();
    const world = secrets.world;
    const server = loopbackServer();
    try {
      const granted = join(world.root, "granted");
      await Deno.mkdir(granted);
      await Deno.writeTextFile(join(granted, "note.txt"), "GRANTED-NOTE\n");
      const src = await makeExtension(world.root, lang.fixture, { name: lang.name });
      const manifest = { name: lang.name, ...await lang.manifest(src), permissions: {} };
      await Deno.writeTextFile(join(src, "extension.json"), JSON.stringify(manifest));
      await secrets.ext("install", "--yes", src);
      const installed = join(world.home, "extensions", lang.name);
      const probes = [
        `read ${secrets.sshKey}`,
        `read ${secrets.authFile}`,
        `read ${join(granted, "note.txt")}`,
        `read ${join(installed, "extension.json")}`,
        `net ${server.target}`,
        "env SECRET_VAR",
        "env GRANTED_VAR",
      ].join(";");
      const env = { SECRET_VAR: "SECRET-ENV", GRANTED_VAR: "GRANTED-ENV" };

      const before = await secrets.zot(["-p", `/probe ${probes}`], env);
      assertEquals(before.code, 0, before.stderr);
      const denied = lines(before.stdout);
      assertIncludes(denied[0], "read DENIED");
      assertIncludes(denied[1], "read DENIED");
      assertIncludes(denied[2], "read DENIED");
      assertIncludes(denied[3], `read OK {"name":"${lang.name}"`);
      assertIncludes(denied[4], "net DENIED");
      assertEquals(denied.slice(5), ["env SECRET_VAR=(unset)", "env GRANTED_VAR=(unset)"]);

      await secrets.ext(
        "permissions",
        lang.name,
        `--allow-read=${granted}`,
        `--allow-net=${server.target}`,
        "--allow-env=GRANTED_VAR",
      );
      const after = await secrets.zot(["-p", `/probe ${probes}`], env);
      assertEquals(after.code, 0, after.stderr);
      const allowed = lines(after.stdout);
      assertIncludes(allowed[0], "read DENIED");
      assertIncludes(allowed[1], "read DENIED");
      assertEquals(allowed[2], "read OK GRANTED-NOTE");
      assertEquals(allowed[4], "net OK");
      assertEquals(allowed.slice(5), ["env SECRET_VAR=(unset)", "env GRANTED_VAR=GRANTED-ENV"]);
      for (const out of [before, after]) {
        for (const secret of ["SSH-KEY-SECRET", "AUTH-SECRET", "SECRET-ENV"]) {
          assertEquals(out.stdout.includes(secret) || out.stderr.includes(secret), false, secret);
        }
      }
    } finally {
      await server.close();
    }
  });
}

Deno.test("a restricted extension sees /etc as anyone does: /etc/shadow stays hidden, even from root", async () => {
  await using secrets = await SecretWorld.create();
  const src = await makeExtension(secrets.world.root, "python", { name: "pyprobe" });
  const manifest = { name: "pyprobe", exec: "./main.py", permissions: {} };
  await Deno.writeTextFile(join(src, "extension.json"), JSON.stringify(manifest));
  await secrets.ext("install", "--yes", src);
  // Run as root (CI), the sandboxed process owns /etc/shadow and could read it.
  const run = await secrets.zot(["-p", "/probe read /etc/shadow;read /etc/hostname"]);
  assertEquals(run.code, 0, run.stderr);
  const [shadow, hostname] = lines(run.stdout);
  assertIncludes(shadow, "read DENIED");
  assertEquals(hostname, `read OK ${(await Deno.readTextFile("/etc/hostname")).trim()}`);
});

Deno.test("read-all granted: the files, but no host daemon's Unix socket in /run or /tmp", async () => {
  await using secrets = await SecretWorld.create();
  const world = secrets.world;
  // Sockets a daemon of the user's could listen on: a read-only view of a folder does not
  // stop a connect, so a read-all grant must not show the real /run and /tmp.
  const paths = ["/run", "/tmp"].map((dir) => `${dir}/zot-sandbox-${crypto.randomUUID()}.sock`);
  const daemons = paths.map((path) => Deno.listen({ transport: "unix", path }));
  const reached = daemons.map((d) => d.accept().then((c) => (c.close(), true), () => false));
  // The world lives in /tmp, which the extension now sees empty: the file to read is elsewhere.
  const elsewhere = await Deno.makeTempDir({ dir: "/var/tmp", prefix: "zot-read-all-" });
  try {
    const note = join(elsewhere, "note.txt");
    await Deno.writeTextFile(note, "READ-ALL-NOTE\n");
    const src = await makeExtension(world.root, "python", { name: "pyprobe" });
    const manifest = { name: "pyprobe", exec: "./main.py", permissions: { read: true } };
    await Deno.writeTextFile(join(src, "extension.json"), JSON.stringify(manifest));
    await secrets.ext("install", "--yes", src);
    const probes = [`read ${note}`, ...paths.map((path) => `unix ${path}`)].join(";");
    const run = await secrets.zot(["-p", `/probe ${probes}`]);
    assertEquals(run.code, 0, run.stderr);
    const [read, ...unix] = lines(run.stdout);
    assertEquals(read, "read OK READ-ALL-NOTE");
    for (const line of unix) assertIncludes(line, "unix DENIED");
  } finally {
    for (const daemon of daemons) daemon.close();
    assertEquals(await Promise.all(reached), [false, false]);
    for (const path of paths) await Deno.remove(path).catch(() => {});
    await Deno.remove(elsewhere, { recursive: true });
  }
});

Deno.test("no Unix socket, not in a granted folder nor an abstract one with the network granted; a socketpair works", async () => {
  await using secrets = await SecretWorld.create();
  const world = secrets.world;
  // A read-only bind does not stop a connect, and a shared network namespace shares the
  // host's abstract sockets (X11, D-Bus): only the seccomp filter stands between them.
  const shared = join(world.root, "shared");
  await Deno.mkdir(shared);
  const inFolder = join(shared, "daemon.sock");
  const abstract = `zot-sandbox-${crypto.randomUUID()}`;
  const daemons = [inFolder, `\0${abstract}`].map((path) =>
    Deno.listen({ transport: "unix", path })
  );
  const reached = daemons.map((d) => d.accept().then((c) => (c.close(), true), () => false));
  try {
    const src = await makeExtension(world.root, "python", { name: "pyprobe" });
    const permissions = { read: [shared], net: true };
    await Deno.writeTextFile(
      join(src, "extension.json"),
      JSON.stringify({ name: "pyprobe", exec: "./main.py", permissions }),
    );
    await secrets.ext("install", "--yes", src);
    const run = await secrets.zot(["-p", `/probe unix ${inFolder};unix @${abstract};pair -`]);
    assertEquals(run.code, 0, run.stderr);
    assertEquals(lines(run.stdout), [
      "unix DENIED PermissionError",
      "unix DENIED PermissionError",
      "pair OK ping",
    ]);
  } finally {
    for (const daemon of daemons) daemon.close();
    assertEquals(await Promise.all(reached), [false, false]);
  }
});

Deno.test("list and install say what is enforced; a manifest that drops permissions waits for review", async () => {
  await using secrets = await SecretWorld.create();
  const src = await makeExtension(secrets.world.root, "python", {
    name: "pyprobe",
    exec: "./main.py",
    permissions: { net: ["api.example.com"] },
  });
  const install = await secrets.ext("install", "--yes", src);
  assertIncludes(install.stderr, "runs sandboxed and asks permission to");
  assertIncludes(
    install.stderr,
    "net: any host (host lists are enforced only for Deno extensions)",
  );
  const list = await secrets.ext("list");
  assertIncludes(list.stdout, "net: any host (host lists are enforced only for Deno extensions)");

  const manifestPath = join(secrets.world.home, "extensions", "pyprobe", "extension.json");
  await Deno.writeTextFile(manifestPath, JSON.stringify({ name: "pyprobe", exec: "./main.py" }));
  const refused = await secrets.zot(["-p", `/probe read ${secrets.sshKey}`]);
  assertIncludes(
    refused.stderr,
    'changed since it was granted: its manifest dropped "permissions"',
  );
  assertEquals(refused.stdout.includes("SSH-KEY-SECRET"), false);
  assertIncludes((await secrets.ext("list")).stdout, "sandboxed, changed since granted");

  const review = await secrets.ext("permissions", "pyprobe", "--yes");
  assertIncludes(review.stdout, '"pyprobe" now runs unrestricted');
  assertIncludes((await secrets.ext("list")).stdout, "unrestricted");
  // Accepted: it now runs with the user's full rights, as the review said.
  const open = await secrets.zot(["-p", `/probe read ${secrets.sshKey}`]);
  assertEquals(open.stdout, "read OK SSH-KEY-SECRET\n");
});

Deno.test("without an OS sandbox a restricted Python extension is refused, naming bubblewrap", async () => {
  await using secrets = await SecretWorld.create();
  const src = await makeExtension(secrets.world.root, "python", {
    name: "pyprobe",
    exec: "./main.py",
    permissions: {},
  });
  const run = await secrets.zot(["--ext", src, "-p", `/probe read ${secrets.sshKey}`], {
    ZOT_BWRAP: "/nonexistent/bwrap",
  });
  assertIncludes(run.stderr, "extension pyprobe not started");
  assertIncludes(run.stderr, "apt-get install bubblewrap");
  assertEquals(run.stdout.includes("SSH-KEY-SECRET"), false);
});
