/**
 * Launch plans with an OS sandbox: restricted extensions in any language are wrapped in
 * bwrap with their folder, data folder and grants; unrestricted ones get only a PID
 * namespace; without a sandbox a non-Deno restricted one is refused; a granted manifest
 * that drops `permissions` or `runtime` is refused until reviewed; a user's grant
 * restricts an extension whose manifest asks for nothing.
 */

import { assert, assertEquals, assertIncludes } from "../../support/assert.ts";
import { ZotPaths } from "../../../src/config/mod.ts";
import { saveGrant } from "../../../src/extensions/sandbox/grants.ts";
import { planLaunches } from "../../../src/extensions/sandbox/launch.ts";
import type { OsSandbox } from "../../../src/extensions/sandbox/os_sandbox.ts";
import { grantShape } from "../../../src/extensions/sandbox/review.ts";
import type { DiscoveredExtension, Manifest } from "../../../src/extensions/mod.ts";

const BWRAP: OsSandbox = { kind: "bwrap", path: "/usr/bin/bwrap" };
const NONE: OsSandbox = {
  kind: "none",
  why: "bwrap is not installed",
  install: "apt-get install bubblewrap",
};
const empty = { allow: {}, deny: {} };

async function setup(
  manifest: Partial<Manifest>,
  source: DiscoveredExtension["source"] = "global",
) {
  const root = await Deno.realPath(await Deno.makeTempDir());
  const dir = `${root}/exts/probe`;
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(`${dir}/main.py`, "#!/usr/bin/env python3\n", { mode: 0o755 });
  const paths = new ZotPaths(`${root}/zot`);
  const ext: DiscoveredExtension = {
    name: "probe",
    dir,
    manifestPath: `${dir}/extension.json`,
    source,
    manifest: { name: "probe", exec: "./main.py", args: ["--x"], enabled: true, ...manifest },
  };
  const plan = (osSandbox: OsSandbox, env: Record<string, string> = { PATH: "/usr/bin" }) =>
    planLaunches([ext], { paths, cwd: root, env: { HOME: root, SECRET: "s", ...env }, osSandbox });
  return {
    root,
    dir,
    paths,
    ext,
    plan,
    [Symbol.asyncDispose]: () => Deno.remove(root, { recursive: true }),
  };
}

Deno.test("a restricted Python extension runs in bwrap: its folder read-only, its data read-write", async () => {
  await using t = await setup({ permissions: empty });
  const spec = (await t.plan(BWRAP)).specs[0];
  // bwrap is started by /bin/sh, which hands it the seccomp filter on fd 9.
  assertEquals(spec.command, "/bin/sh");
  const filter = `${t.paths.home}/sandbox/unix-sockets-${Deno.build.arch}.bpf`;
  assertEquals(spec.args.slice(2, 4), ["/usr/bin/bwrap", filter]);
  assertEquals((await Deno.stat(filter)).isFile, true);
  const args = spec.args.join(" ");
  assertIncludes(args, "--unshare-all --die-with-parent --cap-drop ALL");
  assert(!args.includes("--share-net"), args);
  assertIncludes(args, `--ro-bind ${t.dir} ${t.dir}`);
  const data = t.paths.extensionData + "/probe";
  assertIncludes(args, `--bind ${data} ${data}`);
  assertEquals(spec.args.slice(-3), ["--", `${t.dir}/main.py`, "--x"]);
  assertEquals(spec.clearEnv, true);
  assertEquals(spec.env, { PATH: "/usr/bin", HOME: data });
});

Deno.test("a restricted extension whose seccomp filter cannot be written is refused, saying where", async () => {
  await using t = await setup({ permissions: empty });
  // A file where the filter's folder should be: as root, no mode bit would stop the write.
  await Deno.mkdir(t.paths.home, { recursive: true });
  await Deno.writeTextFile(`${t.paths.home}/sandbox`, "");
  const plan = await t.plan(BWRAP);
  assertEquals(plan.specs, []);
  assertIncludes(plan.refused[0].reason, `extension "probe" cannot start: its seccomp filter`);
  assertIncludes(plan.refused[0].reason, `${t.paths.home}/sandbox`);
  assertIncludes(plan.refused[0].reason, "make $ZOT_HOME writable");
});

Deno.test("granted paths are bound as granted; net shares the network; env passes by name", async () => {
  await using t = await setup({ permissions: empty });
  await Deno.mkdir(`${t.root}/shared`);
  await saveGrant(t.paths, t.ext, empty, {
    allow: { read: [`${t.root}/shared`], net: ["api.example.com"], env: ["SECRET"] },
    deny: {},
  }, grantShape(t.ext.manifest));
  const spec = (await t.plan(BWRAP)).specs[0];
  const args = spec.args.join(" ");
  assertIncludes(args, `--ro-bind ${t.root}/shared ${t.root}/shared`);
  assertIncludes(args, "--share-net");
  assertEquals(spec.env?.SECRET, "s");
});

Deno.test("an unrestricted extension keeps its full view and only gets a PID namespace", async () => {
  await using t = await setup({});
  const spec = (await t.plan(BWRAP)).specs[0];
  assertEquals(spec.command, "/usr/bin/bwrap");
  assertEquals(spec.args, [
    "--dev-bind",
    "/",
    "/",
    "--unshare-pid",
    "--die-with-parent",
    "--proc",
    "/proc",
    "--",
    `${t.dir}/main.py`,
    "--x",
  ]);
  assertEquals(spec.clearEnv, undefined);
  // A program that cannot start is not wrapped, so the spawn error names it, not bwrap.
  t.ext.manifest.exec = "./missing.py";
  assertEquals((await t.plan(BWRAP)).specs[0].command, `${t.dir}/missing.py`);
});

Deno.test("without an OS sandbox a restricted non-Deno extension is refused, naming what to install", async () => {
  await using t = await setup({ permissions: empty });
  const plan = await t.plan(NONE);
  assertEquals(plan.specs, []);
  assertIncludes(plan.refused[0].reason, "never runs it unrestricted");
  assertIncludes(plan.refused[0].reason, "apt-get install bubblewrap");
});

Deno.test("a granted manifest that drops permissions or runtime is refused until reviewed", async () => {
  await using t = await setup({ permissions: empty });
  await saveGrant(t.paths, t.ext, empty, empty, grantShape(t.ext.manifest));
  delete t.ext.manifest.permissions;
  const dropped = await t.plan(BWRAP);
  assertIncludes(dropped.refused[0].reason, 'dropped "permissions"');
  assertIncludes(dropped.refused[0].reason, "zot ext permissions probe");

  t.ext.manifest.exec = "./main.ts";
  t.ext.manifest.runtime = "deno";
  t.ext.manifest.permissions = empty;
  await saveGrant(t.paths, t.ext, empty, empty, grantShape(t.ext.manifest));
  delete t.ext.manifest.runtime;
  t.ext.manifest.exec = "./main.py";
  const noRuntime = await t.plan(BWRAP);
  assertIncludes(noRuntime.refused[0].reason, 'dropped "runtime": "deno"');
});

Deno.test("a grant the user made for an extension that asks for nothing restricts it", async () => {
  await using t = await setup({});
  await saveGrant(
    t.paths,
    t.ext,
    empty,
    { allow: { env: ["SECRET"] }, deny: {} },
    grantShape(t.ext.manifest),
  );
  const spec = (await t.plan(BWRAP)).specs[0];
  assertIncludes(spec.args.join(" "), "--unshare-all");
  assertEquals(spec.env?.SECRET, "s");
});

Deno.test("a grant relative to the folder that a symlink leads out of is refused", async () => {
  await using t = await setup({ permissions: { allow: { read: ["./keys"] }, deny: {} } });
  await Deno.mkdir(`${t.root}/.ssh`);
  await Deno.symlink(`${t.root}/.ssh`, `${t.dir}/keys`);
  const request = t.ext.manifest.permissions!;
  await saveGrant(t.paths, t.ext, request, request, grantShape(t.ext.manifest));
  const plan = await t.plan(BWRAP);
  assertEquals(plan.specs, []);
  assertIncludes(plan.refused[0].reason, "leads outside its folder");
});

Deno.test("a Deno extension granted remote imports gets the network; Deno's flags pick the hosts", async () => {
  await using t = await setup({ exec: "./main.ts", runtime: "deno", permissions: empty });
  await Deno.writeTextFile(`${t.dir}/main.ts`, "export {};\n");
  const grant = { allow: { import: ["esm.sh"] }, deny: {} };
  await saveGrant(t.paths, t.ext, empty, grant, grantShape(t.ext.manifest));
  const spec = (await planLaunches([t.ext], {
    paths: t.paths,
    cwd: t.root,
    env: { HOME: t.root, PATH: "/usr/bin" },
    osSandbox: BWRAP,
    deno: Deno.execPath(),
  })).specs[0];
  const args = spec.args.join(" ");
  assertIncludes(args, "--share-net");
  assertIncludes(args, "--allow-import=esm.sh");
  assert(!args.includes("--allow-net"), args);
});
