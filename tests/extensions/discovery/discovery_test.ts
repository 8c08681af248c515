import { join } from "node:path";
import { assertEquals } from "../../support/assert.ts";
import { extWorld, writeExtension, writeFiles } from "../../support/ext_dirs.ts";
import { discoverExtensions, type DiscoveryResult } from "../../../src/extensions/mod.ts";

function ext(name: string, extra: Record<string, unknown> = {}) {
  return { name, exec: `./${name}`, ...extra };
}

/** name@source:folder for each list, so a whole result compares in one assertion. */
function summary(result: DiscoveryResult) {
  const base = (dir: string) => dir.split(/[\\/]/).at(-1);
  return {
    extensions: result.extensions.map((e) => `${e.name}@${e.source}:${base(e.dir)}`),
    shadowed: result.shadowed.map((e) =>
      `${e.name}@${e.source}:${base(e.dir)} by ${e.shadowedBy.source}:${base(e.shadowedBy.dir)}`
    ),
    invalid: result.invalid.map((e) => `${e.source}:${base(e.dir)}: ${e.reason}`),
  };
}

Deno.test("no extension folders at all is fine", async () => {
  await using w = await extWorld();
  const result = await discoverExtensions({ ...w, explicit: [], noDiscovery: false });
  assertEquals(result, { extensions: [], invalid: [], shadowed: [] });
});

Deno.test("project comes before global, each sorted by folder name", async () => {
  await using w = await extWorld();
  await writeExtension(join(w.global, "zeta"), ext("zeta"));
  await writeExtension(join(w.global, "alpha"), ext("alpha"));
  await writeExtension(join(w.project, "mid"), ext("mid"));
  await writeExtension(join(w.project, "Beta"), ext("Beta"));
  const result = await discoverExtensions({ ...w, explicit: [], noDiscovery: false });
  assertEquals(summary(result).extensions, [
    "Beta@project:Beta",
    "mid@project:mid",
    "alpha@global:alpha",
    "zeta@global:zeta",
  ]);
  const alpha = result.extensions[2];
  assertEquals(alpha.dir, join(w.global, "alpha"));
  assertEquals(alpha.manifestPath, join(w.global, "alpha", "extension.json"));
  assertEquals(alpha.manifest, { name: "alpha", exec: "./alpha", args: [], enabled: true });
});

Deno.test("dedup is by manifest name, not folder name; the earlier one wins", async () => {
  await using w = await extWorld();
  // Same name under different folder names: upstream would load both.
  await writeExtension(join(w.project, "weather-dev"), ext("weather"));
  await writeExtension(join(w.global, "weather"), ext("weather"));
  await writeExtension(join(w.global, "weather2"), ext("weather"));
  // Same folder name, different manifest names: upstream hid the global one unread.
  await writeExtension(join(w.project, "tools"), ext("tools-a"));
  await writeExtension(join(w.global, "tools"), ext("tools-b"));
  const result = await discoverExtensions({ ...w, explicit: [], noDiscovery: false });
  assertEquals(summary(result), {
    extensions: ["tools-a@project:tools", "weather@project:weather-dev", "tools-b@global:tools"],
    shadowed: [
      "weather@global:weather by project:weather-dev",
      "weather@global:weather2 by project:weather-dev",
    ],
    invalid: [],
  });
});

Deno.test("--ext folders come first, made absolute, and win over installed copies", async () => {
  await using w = await extWorld();
  await writeExtension(join(w.cwd, "dev", "weather"), ext("weather"));
  await writeExtension(join(w.root, "other"), ext("other"));
  await writeExtension(join(w.global, "weather"), ext("weather"));
  const result = await discoverExtensions({
    ...w,
    explicit: ["dev/weather", join(w.root, "other", "extension.json")],
    noDiscovery: false,
  });
  assertEquals(summary(result), {
    extensions: ["weather@flag:weather", "other@flag:other"],
    shadowed: ["weather@global:weather by flag:weather"],
    invalid: [],
  });
  assertEquals(result.extensions[0].dir, join(w.cwd, "dev", "weather"));
  assertEquals(result.extensions[1].dir, join(w.root, "other"));
});

Deno.test("noDiscovery skips project and global but keeps --ext", async () => {
  await using w = await extWorld();
  await writeExtension(join(w.cwd, "mine"), ext("mine"));
  await writeExtension(join(w.project, "p"), ext("p"));
  await writeExtension(join(w.global, "g"), ext("g"));
  const result = await discoverExtensions({ ...w, explicit: ["mine"], noDiscovery: true });
  assertEquals(summary(result).extensions, ["mine@flag:mine"]);
});

Deno.test("a missing or non-folder --ext path is reported, the rest still load", async () => {
  await using w = await extWorld();
  await writeFiles(w.cwd, { "file.txt": "x" });
  await writeExtension(join(w.global, "g"), ext("g"));
  const result = await discoverExtensions({
    ...w,
    explicit: ["nope", "file.txt"],
    noDiscovery: false,
  });
  assertEquals(summary(result), {
    extensions: ["g@global:g"],
    shadowed: [],
    invalid: [
      "flag:nope: --ext nope: no such folder",
      "flag:file.txt: --ext file.txt is not a folder (give the folder that holds extension.json)",
    ],
  });
});

Deno.test("an invalid manifest is reported with its file and reason; the rest load", async () => {
  await using w = await extWorld();
  await writeExtension(join(w.project, "broken"), '{"name": "broken", "exec": ');
  await writeExtension(join(w.project, "spaced"), ext("spaced", { exec: "node main.js" }));
  await writeExtension(join(w.global, "good"), ext("good"));
  await Deno.mkdir(join(w.global, "empty"), { recursive: true });
  const result = await discoverExtensions({ ...w, explicit: [], noDiscovery: false });
  assertEquals(summary(result).extensions, ["good@global:good"]);
  assertEquals(result.invalid.map((i) => i.manifestPath), [
    join(w.project, "broken", "extension.json"),
    join(w.project, "spaced", "extension.json"),
    join(w.global, "empty", "extension.json"),
  ]);
  assertEquals(
    result.invalid[0].reason,
    `invalid JSON: ${join(w.project, "broken", "extension.json")}:1:28: expected a value`,
  );
  assertEquals(result.invalid[1].reason.startsWith(`"exec" must be a single program path`), true);
  assertEquals(result.invalid[2].reason, "no extension.json");
});

Deno.test("an invalid project copy does not hide a valid global one", async () => {
  await using w = await extWorld();
  await writeExtension(join(w.project, "x"), { name: "x" });
  await writeExtension(join(w.global, "x"), ext("x"));
  const result = await discoverExtensions({ ...w, explicit: [], noDiscovery: false });
  assertEquals(summary(result), {
    extensions: ["x@global:x"],
    shadowed: [],
    invalid: [
      `project:x: "exec" is required (the program to run, relative to the extension folder)`,
    ],
  });
});

Deno.test("disabled extensions are listed (enabled: false) and still take their name", async () => {
  await using w = await extWorld();
  await writeExtension(join(w.project, "x"), ext("x", { enabled: false }));
  await writeExtension(join(w.global, "x"), ext("x"));
  const result = await discoverExtensions({ ...w, explicit: [], noDiscovery: false });
  assertEquals(summary(result).extensions, ["x@project:x"]);
  assertEquals(result.extensions[0].manifest.enabled, false);
  assertEquals(summary(result).shadowed, ["x@global:x by project:x"]);
});

Deno.test("hidden folders and plain files are skipped; symlinked folders are followed", async () => {
  await using w = await extWorld();
  await writeExtension(join(w.global, ".zot-install-abc", "new"), ext("staged"));
  await writeExtension(join(w.global, ".hidden"), ext("hidden"));
  await writeFiles(w.global, { "README.md": "not an extension" });
  await writeExtension(join(w.root, "elsewhere"), ext("linked"));
  await Deno.symlink(join(w.root, "elsewhere"), join(w.global, "linked"));
  await Deno.symlink(join(w.root, "missing"), join(w.global, "dangling"));
  const result = await discoverExtensions({ ...w, explicit: [], noDiscovery: false });
  assertEquals(summary(result), {
    extensions: ["linked@global:linked"],
    shadowed: [],
    invalid: [],
  });
});

Deno.test("an extensions path that is a file is reported, not a crash", async () => {
  await using w = await extWorld();
  await writeFiles(w.paths.home, { extensions: "oops" });
  await writeExtension(join(w.project, "p"), ext("p"));
  const result = await discoverExtensions({ ...w, explicit: [], noDiscovery: false });
  assertEquals(summary(result).extensions, ["p@project:p"]);
  assertEquals(result.invalid.map((i) => i.reason), [`${w.global} is not a folder`]);
});
