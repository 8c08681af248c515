import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { join } from "node:path";
import {
  assetName,
  RELEASE_REPO,
  SMOKE_LANGS,
  SUMS_ASSET,
  type Target,
  TARGETS,
  VERSION_ASSET,
} from "../../src/release/mod.ts";
import { parseYaml } from "../support/yaml.ts";
import { serveRelease } from "../support/release_server.ts";

const repo = join(import.meta.dirname!, "..", "..");

/** Reads a path of keys from parsed YAML, failing the test when it is not there. */
function at(value: unknown, ...path: (string | number)[]): unknown {
  for (const key of path) {
    assert.ok(typeof value === "object" && value !== null, `no ${path.join(".")}`);
    value = (value as Record<string | number, unknown>)[key];
  }
  assert.ok(value !== undefined, `no ${path.join(".")}`);
  return value;
}

function list(value: unknown): unknown[] {
  assert.ok(Array.isArray(value), `expected a list, got ${JSON.stringify(value)}`);
  return value;
}

function workflow(name: string): unknown {
  return parseYaml(Deno.readTextFileSync(join(repo, ".github", "workflows", name)));
}

function runs(job: unknown): string[] {
  return list(at(job, "steps")).flatMap((step) => {
    const run = (step as { run?: unknown }).run;
    return typeof run === "string" ? [run] : [];
  });
}

/** What each hosted runner label executes; a build must run on one that can run its binary. */
const RUNNER_TARGET: Record<string, Target> = {
  "ubuntu-24.04": "x86_64-unknown-linux-gnu",
  "ubuntu-24.04-arm": "aarch64-unknown-linux-gnu",
  "macos-15-intel": "x86_64-apple-darwin",
  "macos-15": "aarch64-apple-darwin",
  "windows-2025": "x86_64-pc-windows-msvc",
};

Deno.test("ci.yml runs .ci/run on every push", () => {
  const ci = workflow("ci.yml");
  assert.ok("push" in (at(ci, "on") as object));
  assert.ok(runs(at(ci, "jobs", "test")).includes("bash .ci/run"));
});

Deno.test("release.yml: a version tag runs the suite, then builds every target on a runner that can run it", () => {
  const release = workflow("release.yml");
  assertEquals(list(at(release, "on", "push", "tags")), ["v*"]);
  const test = at(release, "jobs", "test");
  assert.ok(runs(test).includes("bash .ci/run"));
  assert.ok(runs(test).some((r) => r.includes("jq -r .version deno.json")));
  const build = at(release, "jobs", "build");
  assertEquals(at(build, "needs"), "test");
  assertEquals(at(build, "runs-on"), "${{ matrix.runner }}");
  const matrix = list(at(build, "strategy", "matrix", "include")) as {
    target: string;
    runner: string;
    smoke: string;
  }[];
  assertEquals(matrix.map((m) => m.target).sort(), [...TARGETS].sort());
  for (const { target, runner, smoke } of matrix) {
    assertEquals(RUNNER_TARGET[runner], target, `${runner} cannot run ${target}`);
    assert.ok((SMOKE_LANGS as readonly string[]).includes(smoke), smoke);
  }
  assertEquals(
    runs(build),
    ["deno task compile --target ${{ matrix.target }} --smoke-lang ${{ matrix.smoke }}"],
  );
  const upload = list(at(build, "steps")).find((s) =>
    String((s as { uses?: string }).uses).startsWith("actions/upload-artifact")
  );
  assertEquals(at(upload, "with", "path"), "dist/zot-${{ matrix.target }}*");
  for (const target of TARGETS) assert.ok(assetName(target).startsWith(`zot-${target}`));
});

Deno.test("release.yml publishes every binary with SHA256SUMS, VERSION and install.sh", () => {
  const publish = at(workflow("release.yml"), "jobs", "publish");
  assertEquals(at(publish, "needs"), "build");
  const script = runs(publish).join("\n");
  assertIncludes(script, `sha256sum zot-* > ${SUMS_ASSET}`);
  assertIncludes(script, `echo "\${GITHUB_REF_NAME#v}" > ${VERSION_ASSET}`);
  assertIncludes(script, "cp ../install.sh .");
  assertIncludes(script, 'gh release create "$GITHUB_REF_NAME"');
  assertIncludes(script, "dist/*");
});

Deno.test("compile.ts writes each target to the asset name the workflow uploads", async () => {
  const { code, stdout } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(repo, "scripts", "compile.ts"), "--dry-run"],
  }).output();
  assertEquals(code, 0);
  const text = new TextDecoder().decode(stdout);
  for (const target of TARGETS) {
    assertIncludes(text, `--target ${target} --output ${join("dist", assetName(target))} `);
  }
});

/** The `uname -s`/`uname -m` answers of a machine each target runs on. */
const UNAME: [string, string, Target][] = [
  ["Linux", "x86_64", "x86_64-unknown-linux-gnu"],
  ["Linux", "aarch64", "aarch64-unknown-linux-gnu"],
  ["Darwin", "x86_64", "x86_64-apple-darwin"],
  ["Darwin", "arm64", "aarch64-apple-darwin"],
  ["MINGW64_NT-10.0-26100", "x86_64", "x86_64-pc-windows-msvc"],
];

Deno.test("install.sh fetches the asset compile.ts names for every release platform", async () => {
  assertEquals(UNAME.map(([, , t]) => t).sort(), [...TARGETS].sort());
  assertIncludes(Deno.readTextFileSync(join(repo, "install.sh")), `repo="${RELEASE_REPO}"`);
  const dir = await Deno.makeTempDir();
  const server = await serveRelease({ version: "99.0.0", targets: [...TARGETS] });
  try {
    for (const [os, cpu, target] of UNAME) {
      const fakeBin = join(dir, `${target}-bin`);
      await Deno.mkdir(fakeBin);
      await Deno.writeTextFile(
        join(fakeBin, "uname"),
        `#!/bin/sh\ncase "$1" in -s) echo ${os} ;; -m) echo ${cpu} ;; esac\n`,
        { mode: 0o755 },
      );
      server.requests.length = 0;
      const { code, stderr } = await new Deno.Command("dash", {
        args: [join(repo, "install.sh")],
        env: {
          PATH: `${fakeBin}:${Deno.env.get("PATH")}`,
          ZOT_RELEASE_URL: server.url,
          ZOT_INSTALL_DIR: join(dir, `${target}-install`),
          NO_PROXY: "127.0.0.1",
        },
        stdout: "null",
        stderr: "piped",
      }).output();
      assertEquals(code, 0, new TextDecoder().decode(stderr));
      assertEquals(server.requests, [SUMS_ASSET, assetName(target)]);
    }
  } finally {
    await server.close();
    await Deno.remove(dir, { recursive: true });
  }
});
