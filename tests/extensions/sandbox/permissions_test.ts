import { assertEquals, assertIncludes } from "../../support/assert.ts";
import {
  denoRunArgs,
  describePermissions,
  escapeReason,
  isSandboxed,
  permissionsBeyond,
  runsUnderDeno,
  sandboxEnv,
  sandboxPlaces,
} from "../../../src/extensions/sandbox/permissions.ts";
import { ZotPaths } from "../../../src/config/mod.ts";
import type { Manifest } from "../../../src/extensions/mod.ts";

const places = { cwd: "/work/proj", extDir: "/exts/weather", dataDir: "/home/z/ext-data/weather" };

function manifest(extra: Partial<Manifest>): Manifest {
  return { name: "weather", exec: "./main.ts", args: [], enabled: true, ...extra };
}

Deno.test("any exec with permissions, or runtime deno, is sandboxed; only .ts ones run under deno", () => {
  assertEquals(isSandboxed(manifest({ permissions: { allow: {}, deny: {} } })), true);
  assertEquals(isSandboxed(manifest({ exec: "./weather", runtime: "deno" })), true);
  assertEquals(isSandboxed(manifest({})), false);
  const python = manifest({ exec: "./hello.py", permissions: { allow: {}, deny: {} } });
  assertEquals(isSandboxed(python), true);
  assertEquals(runsUnderDeno(python), false);
  assertEquals(runsUnderDeno(manifest({ permissions: { allow: {}, deny: {} } })), true);
  assertEquals(runsUnderDeno(manifest({ exec: "./weather", runtime: "deno" })), true);
});

Deno.test("an empty grant gives --no-prompt and --no-remote and nothing else", () => {
  assertEquals(denoRunArgs({ allow: {}, deny: {} }, "./main.ts", ["--x"], { places }), [
    "run",
    "--no-prompt",
    "--quiet",
    "--no-remote",
    "/exts/weather/main.ts",
    "--x",
  ]);
});

Deno.test("grants become exactly the matching flags, with paths resolved and placeholders expanded", () => {
  const args = denoRunArgs(
    {
      allow: {
        read: ["./data", "$CWD", "/etc/a,b"],
        write: ["$DATA_DIR"],
        net: ["api.example.com:443"],
        env: ["CITY"],
        import: ["esm.sh"],
      },
      deny: { read: ["./data/secret"] },
    },
    "main.ts",
    [],
    { places },
  );
  assertEquals(args, [
    "run",
    "--no-prompt",
    "--quiet",
    "--allow-read=/exts/weather/data,/work/proj,/etc/a,,b",
    "--allow-write=/home/z/ext-data/weather",
    "--allow-net=api.example.com:443",
    "--allow-env=CITY",
    "--allow-import=esm.sh",
    "--deny-read=/exts/weather/data/secret",
    "/exts/weather/main.ts",
  ]);
});

Deno.test("true grants the whole permission and false grants nothing", () => {
  const args = denoRunArgs({ allow: { net: true, read: false }, deny: {} }, "m.ts", [], { places });
  assertEquals(args.includes("--allow-net"), true);
  assertEquals(args.some((a) => a.startsWith("--allow-read")), false);
});

Deno.test("the sandbox env is cleared except Deno's cache location and granted names", () => {
  const parent = {
    HOME: "/h",
    SECRET: "s",
    CITY: "Berlin",
    AWS_KEY: "k",
    AWS_ID: "i",
    PATH: "/bin",
  };
  assertEquals(sandboxEnv({ allow: { env: ["CITY", "AWS_*"] }, deny: {} }, parent), {
    HOME: "/h",
    CITY: "Berlin",
    AWS_KEY: "k",
    AWS_ID: "i",
  });
  assertEquals(sandboxEnv({ allow: {}, deny: {} }, parent), { HOME: "/h" });
});

Deno.test("run, ffi and write over programs or the extension's code are flagged as full access", () => {
  assertEquals(typeof escapeReason("run", true, places, [], "/h"), "string");
  assertEquals(typeof escapeReason("ffi", ["/lib/x.so"], places, [], "/h"), "string");
  assertEquals(typeof escapeReason("write", ["./"], places, [], "/h"), "string");
  assertEquals(typeof escapeReason("write", ["/usr"], places, ["/usr/bin"], "/h"), "string");
  assertEquals(typeof escapeReason("write", ["/h"], places, [], "/h"), "string");
  assertEquals(escapeReason("write", ["$DATA_DIR"], places, ["/usr/bin"], "/h"), undefined);
  assertEquals(escapeReason("net", true, places, [], "/h"), undefined);
});

Deno.test("write over home dot-files and ~/.ssh is full access, also through a symlink", async () => {
  const home = await Deno.makeTempDir();
  try {
    for (const path of [".bashrc", ".profile", ".zshrc", ".bash_profile", ".ssh", ".config"]) {
      const reason = escapeReason("write", [`${home}/${path}`], places, [], home);
      assertEquals(typeof reason, "string", path);
    }
    assertIncludes(
      escapeReason("write", [`${home}/.ssh/authorized_keys`], places, [], home)!,
      "authorized_keys",
    );
    assertEquals(escapeReason("write", [`${home}/projects`], places, [], home), undefined);
    // A harmless-looking folder that is a link to ~/.ssh is judged by where it leads.
    await Deno.mkdir(`${home}/.ssh`);
    await Deno.symlink(`${home}/.ssh`, `${home}/keys`);
    assertIncludes(escapeReason("write", [`${home}/keys`], places, [], home)!, "SSH");
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("write over zot's grants or over extensions it runs unsandboxed is full access", () => {
  const paths = new ZotPaths("/home/z");
  const at = sandboxPlaces(paths, "/work/proj", "weather", "/home/z/extensions/weather");
  assertEquals(at.dataDir, "/home/z/ext-data/weather");
  // an extension that can write its own grant, another extension's code, or the project's
  // .zot/extensions (loaded unrestricted next time zot starts there) is not contained
  for (const path of ["/home/z/grants", "/home/z/extensions/other", "$CWD", "$CWD/.zot"]) {
    assertEquals(typeof escapeReason("write", [path], at, [], "/h"), "string", path);
  }
  assertEquals(escapeReason("write", ["$DATA_DIR", "$CWD/src"], at, [], "/h"), undefined);
});

Deno.test("permissions are described in plain words", () => {
  const lines = describePermissions(
    { allow: { net: ["api.example.com"], run: true }, deny: {} },
    places,
  );
  assertEquals(lines[0], "connect to api.example.com");
  assertIncludes(lines[1], "run any program (FULL ACCESS");
  assertEquals(describePermissions({ allow: {}, deny: {} }, places)[0].startsWith("nothing"), true);
});

Deno.test("permissionsBeyond names what a request asks beyond a grant", () => {
  const granted = { allow: { read: ["/a"], net: ["x.com"] }, deny: {} };
  assertEquals(permissionsBeyond({ allow: { read: ["/a/b"] }, deny: {} }, granted), []);
  assertEquals(permissionsBeyond({ allow: { read: ["/ab"] }, deny: {} }, granted), ["read: /ab"]);
  assertEquals(permissionsBeyond({ allow: { net: true }, deny: {} }, granted), ["net: everything"]);
  assertEquals(permissionsBeyond({ allow: { env: ["HOME"] }, deny: {} }, granted), ["env: HOME"]);
  assertEquals(permissionsBeyond({ allow: { env: false }, deny: {} }, granted), []);
});
