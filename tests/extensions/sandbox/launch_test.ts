import { assert, assertEquals, assertIncludes } from "../../support/assert.ts";
import { ZotPaths } from "../../../src/config/mod.ts";
import { saveGrant } from "../../../src/extensions/sandbox/grants.ts";
import {
  type LaunchContext,
  planLaunches as plan,
} from "../../../src/extensions/sandbox/launch.ts";
import type { OsSandbox } from "../../../src/extensions/sandbox/os_sandbox.ts";
import type { DiscoveredExtension, Manifest } from "../../../src/extensions/mod.ts";

/** The extensions' parent folder (real path) of the running test. */
let EXTS = "";

function ext(
  name: string,
  manifest: Partial<Manifest>,
  source: DiscoveredExtension["source"] = "global",
): DiscoveredExtension {
  const dir = `${EXTS}/${name}`;
  Deno.mkdirSync(dir, { recursive: true });
  Deno.writeTextFileSync(`${dir}/main.ts`, "export {};\n");
  return {
    name,
    dir,
    manifestPath: `${dir}/extension.json`,
    source,
    manifest: { name, exec: "./main.ts", args: [], enabled: true, ...manifest },
  };
}

const NO_SANDBOX: OsSandbox = { kind: "none", why: "test", install: "install bubblewrap" };

/** Plans with no OS sandbox (Deno flags only) and the running deno, unless told otherwise. */
function planLaunches(extensions: DiscoveredExtension[], context: LaunchContext) {
  return plan(extensions, {
    osSandbox: NO_SANDBOX,
    ...context,
    deno: context.deno === "/bin/deno" ? Deno.execPath() : context.deno,
  });
}

async function withHome(fn: (paths: ZotPaths) => Promise<void>) {
  const home = await Deno.realPath(await Deno.makeTempDir());
  EXTS = `${home}/exts`;
  try {
    await fn(new ZotPaths(`${home}/zot`));
  } finally {
    await Deno.remove(home, { recursive: true });
  }
}

const netRequest = { allow: { net: ["api.example.com"] }, deny: {} };

Deno.test("plain executables are planned as they are; disabled ones are skipped", async () => {
  await withHome(async (paths) => {
    const plan = await planLaunches(
      [ext("py", { exec: "./hello.py" }), ext("off", { exec: "./x", enabled: false })],
      { paths, cwd: "/p", env: {}, deno: "/bin/deno" },
    );
    assertEquals(plan.refused, []);
    assertEquals(plan.specs.map((s) => [s.name, s.command, s.clearEnv]), [[
      "py",
      `${EXTS}/py/hello.py`,
      undefined,
    ]]);
  });
});

/** The installed extension "w" the stored grants are for (EXTS is set per test). */
const W = {
  name: "w",
  get dir() {
    return `${EXTS}/w`;
  },
  source: "global" as const,
};

Deno.test("a sandboxed extension without a grant is refused with the command that grants it", async () => {
  await withHome(async (paths) => {
    const plan = await planLaunches([ext("w", { permissions: netRequest })], {
      paths,
      cwd: "/p",
      env: {},
      deno: "/bin/deno",
    });
    assertEquals(plan.specs, []);
    assertIncludes(plan.refused[0].reason, "never granted (net: api.example.com)");
    assertIncludes(plan.refused[0].reason, "zot ext permissions w");
  });
});

Deno.test("a granted sandboxed extension runs under deno with exactly its grant and a cleared env", async () => {
  await withHome(async (paths) => {
    await saveGrant(paths, W, netRequest, netRequest);
    const plan = await planLaunches([ext("w", { permissions: netRequest })], {
      paths,
      cwd: "/p",
      env: { HOME: "/h", SECRET: "x" },
      deno: "/bin/deno",
    });
    const spec = plan.specs[0];
    assertEquals(spec.command, Deno.execPath());
    assertEquals(spec.args, [
      "run",
      "--no-prompt",
      "--quiet",
      "--allow-net=api.example.com",
      "--no-remote",
      `${EXTS}/w/main.ts`,
    ]);
    assertEquals(spec.clearEnv, true);
    assertEquals(spec.env, { HOME: "/h" });
  });
});

Deno.test("a manifest that asks for more after the grant is refused and says what changed", async () => {
  await withHome(async (paths) => {
    await saveGrant(paths, W, netRequest, netRequest);
    const grown = { allow: { net: ["api.example.com"], read: ["/"] }, deny: {} };
    const plan = await planLaunches([ext("w", { permissions: grown })], {
      paths,
      cwd: "/p",
      env: {},
      deno: "/bin/deno",
    });
    assertIncludes(plan.refused[0].reason, "now asks for more than was granted (read: /)");
  });
});

Deno.test("--ext extensions take one-run grants from the command line", async () => {
  await withHome(async (paths) => {
    const plan = await planLaunches([ext("w", { permissions: netRequest }, "flag")], {
      paths,
      cwd: "/p",
      env: {},
      deno: "/bin/deno",
      runGrant: { allow: { net: ["api.example.com", "other.com"] }, deny: {} },
    });
    assert(plan.specs[0].args.includes("--allow-net=api.example.com,other.com"));
  });
});

Deno.test("denies add up: the manifest's, the stored grant's and the one-run flags' all apply", async () => {
  await withHome(async (paths) => {
    const request = { allow: { read: ["/data"] }, deny: { read: ["/data/secret"] } };
    const plan = async (source: DiscoveredExtension["source"]) =>
      (await planLaunches([ext("w", { permissions: request }, source)], {
        paths,
        cwd: "/p",
        env: {},
        deno: "/bin/deno",
        runGrant: { allow: { read: ["/data"] }, deny: { net: true } },
      })).specs[0].args;
    // no stored grant: the --ext run's own --deny-net is not dropped
    const oneRun = await plan("flag");
    assert(oneRun.includes("--deny-read=/data/secret"), oneRun.join(" "));
    assert(oneRun.includes("--deny-net"), oneRun.join(" "));
    // a stored grant with a deny of its own does not cancel the manifest's
    await saveGrant(paths, W, request, { allow: request.allow, deny: { read: ["/data/other"] } });
    const stored = await plan("global");
    assert(stored.includes("--deny-read=/data/other,/data/secret"), stored.join(" "));
    // a --ext folder never gets a stored grant, only its request and the run's flags
    const adhoc = await plan("flag");
    assert(!adhoc.join(" ").includes("/data/other"), adhoc.join(" "));
  });
});

Deno.test("no deno means the sandboxed extension is refused with how to install it", async () => {
  await withHome(async (paths) => {
    const plan = await planLaunches([ext("w", { permissions: { allow: {}, deny: {} } })], {
      paths,
      cwd: "/p",
      env: {},
      deno: null,
    });
    assertIncludes(plan.refused[0].reason, "npm install -g deno");
  });
});

Deno.test("--ext-audit points Deno's permission audit at the extension's log folder", async () => {
  await withHome(async (paths) => {
    const plan = await planLaunches([ext("w", { permissions: { allow: {}, deny: {} } })], {
      paths,
      cwd: "/p",
      env: {},
      deno: "/bin/deno",
      audit: true,
    });
    assertEquals(plan.specs[0].env?.DENO_AUDIT_PERMISSIONS, `${paths.logs}/ext-w.audit.jsonl`);
  });
});
