import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { assertEquals, assertIncludes, assertRejects } from "../../support/assert.ts";
import {
  type ExtWorld,
  extWorld,
  git,
  listNames,
  writeExtension,
  writeFiles,
} from "../../support/ext_dirs.ts";
import { CancelledError, ConfigError, ZotError } from "../../../src/errors/mod.ts";
import { installExtension, type InstallOptions, isGitUrl } from "../../../src/extensions/mod.ts";

function install(w: ExtWorld, source: string, extra: Partial<InstallOptions> = {}) {
  return installExtension({ source, cwd: w.cwd, paths: w.paths, ...extra });
}

const HELLO = { name: "hello", version: "1.0.0", exec: "./hello.sh" };

async function helloSource(dir: string, manifest: Record<string, unknown> = HELLO) {
  await writeExtension(dir, manifest, {
    "hello.sh": "#!/bin/sh\necho hi\n",
    "lib/deep/data.txt": "payload",
  });
  await Deno.chmod(join(dir, "hello.sh"), 0o755);
  return dir;
}

Deno.test("isGitUrl: schemes, scp-like and .git names; everything else is a path", () => {
  const git = [
    "https://github.com/a/b",
    "http://host/a/b",
    "ssh://git@host/a/b",
    "git://host/a/b",
    "file:///tmp/repo",
    "git@github.com:a/b",
    "deploy@host.example:repos/b",
    "/srv/repos/b.git",
    "../b.git/",
  ];
  const paths = ["./hello-py", "hello", "/abs/dir", "C:\\ext\\x", "a:b", "../x.gitx"];
  assertEquals(git.filter((s) => !isGitUrl(s)), []);
  assertEquals(paths.filter((s) => isGitUrl(s)), []);
});

Deno.test("install from a folder copies everything under the manifest's name", async () => {
  await using w = await extWorld();
  // The folder name differs from the manifest name on purpose.
  const source = await helloSource(join(w.root, "src", "hello-folder"));
  await Deno.symlink("lib/deep/data.txt", join(source, "link"));
  const result = await install(w, "../src/hello-folder");
  assertEquals(result.name, "hello");
  assertEquals(result.scope, "global");
  assertEquals(result.kind, "path");
  assertEquals(result.dir, join(w.global, "hello"));
  assertEquals(result.replaced, []);
  assertEquals(result.warnings, []);
  assertEquals(await listNames(w.global), ["hello"]);
  assertEquals(await listNames(result.dir), ["extension.json", "hello.sh", "lib", "link"]);
  assertEquals(await Deno.readTextFile(join(result.dir, "lib/deep/data.txt")), "payload");
  assertEquals(await Deno.readLink(join(result.dir, "link")), "lib/deep/data.txt");
  assertEquals((await Deno.stat(join(result.dir, "hello.sh"))).mode! & 0o777, 0o755);
  // The source is untouched.
  assertEquals(await listNames(source), ["extension.json", "hello.sh", "lib", "link"]);
});

Deno.test("a folder without a valid manifest installs nothing and leaves nothing", async () => {
  await using w = await extWorld();
  await writeFiles(join(w.root, "plain"), { "main.py": "print(1)" });
  await writeExtension(join(w.root, "bad"), { name: "bad", exec: "python3 main.py" });
  const missing = await assertRejects(() => install(w, "../plain"), ConfigError);
  assertEquals(missing.code, "ext_invalid_manifest");
  assertIncludes(missing.message, "extension.json is not usable (no extension.json)");
  const bad = await assertRejects(() => install(w, "../bad"), ConfigError);
  assertIncludes(bad.message, `move arguments to "args"`);
  const absent = await assertRejects(() => install(w, "../nowhere"), ZotError);
  assertEquals(absent.code, "ext_source_missing");
  assertEquals(await listNames(w.global), []);
});

Deno.test("an existing extension is not overwritten without force", async () => {
  await using w = await extWorld();
  await helloSource(join(w.root, "v1"));
  await helloSource(join(w.root, "v2"), { ...HELLO, version: "2.0.0" });
  await install(w, "../v1");
  const err = await assertRejects(() => install(w, "../v2"), ZotError);
  assertEquals(err.code, "ext_exists");
  assertEquals(
    err.message,
    `extension "hello" is already installed (global) at ${join(w.global, "hello")}; ` +
      "pass --force to replace it",
  );
  assertIncludes(await Deno.readTextFile(join(w.global, "hello", "extension.json")), "1.0.0");
  assertEquals(await listNames(w.global), ["hello"]);
});

Deno.test("force replaces the old copy, including one in a differently named folder", async () => {
  await using w = await extWorld();
  await helloSource(join(w.root, "v2"), { ...HELLO, version: "2.0.0" });
  await writeExtension(join(w.global, "hello"), HELLO, { "old-only.txt": "stale" });
  await writeExtension(join(w.global, "hello-dev"), HELLO);
  await writeExtension(join(w.global, "other"), { name: "other", exec: "./o" });
  const result = await install(w, "../v2", { force: true });
  assertEquals(result.replaced, [join(w.global, "hello"), join(w.global, "hello-dev")]);
  assertEquals(await listNames(w.global), ["hello", "other"]);
  assertEquals(await listNames(result.dir), ["extension.json", "hello.sh", "lib"]);
  assertIncludes(await Deno.readTextFile(result.manifestPath), "2.0.0");
});

Deno.test("--local installs into <cwd>/.zot/extensions and ignores the global copy", async () => {
  await using w = await extWorld();
  await helloSource(join(w.root, "src"));
  await install(w, "../src");
  const result = await install(w, join(w.root, "src"), { local: true });
  assertEquals(result.scope, "project");
  assertEquals(result.dir, join(w.project, "hello"));
  assertEquals(await listNames(w.project), ["hello"]);
  assertEquals(await listNames(w.global), ["hello"]);
});

Deno.test("installing the project folder into itself does not copy the destination", async () => {
  await using w = await extWorld();
  await helloSource(w.cwd);
  const first = await install(w, ".", { local: true });
  const expected = [".zot", "extension.json", "hello.sh", "lib"];
  assertEquals(await listNames(first.dir), expected);
  // .zot is copied, but not the extensions folder inside it (the destination itself).
  assertEquals(await listNames(join(first.dir, ".zot")), []);
  const again = await install(w, ".", { local: true, force: true });
  assertEquals(await listNames(again.dir), expected);
  assertEquals(await listNames(join(again.dir, ".zot")), []);
  assertEquals(await listNames(w.project), ["hello"]);
});

Deno.test("a missing or non-executable exec is a warning, not a failure", async () => {
  await using w = await extWorld();
  await writeExtension(join(w.root, "unbuilt"), { name: "unbuilt", exec: "./bin/unbuilt" });
  await writeExtension(join(w.root, "nox"), { name: "nox", exec: "./run.sh" }, { "run.sh": "" });
  await Deno.chmod(join(w.root, "nox", "run.sh"), 0o644);
  await writeExtension(join(w.root, "onpath"), { name: "onpath", exec: "python3" });
  const unbuilt = await install(w, "../unbuilt");
  assertEquals(unbuilt.warnings, [
    `"./bin/unbuilt" does not exist yet in ${unbuilt.dir}; build it before starting zot`,
  ]);
  const nox = await install(w, "../nox");
  assertEquals(nox.warnings, [
    `"./run.sh" is not executable; run: chmod +x ${join(nox.dir, "run.sh")}`,
  ]);
  assertEquals((await install(w, "../onpath")).warnings, []);
});

Deno.test("an aborted install is rolled back", async () => {
  await using w = await extWorld();
  await helloSource(join(w.root, "src"));
  const controller = new AbortController();
  controller.abort();
  await assertRejects(() => install(w, "../src", { signal: controller.signal }), CancelledError);
  assertEquals(await listNames(w.global), []);
});

/** A git repository holding `files`, committed, plus a bare clone of it (`<name>.git`). */
async function gitRepos(parent: string, files: Record<string, string>, name = "repo") {
  const work = join(parent, `${name}-work`);
  await writeFiles(work, files);
  await git(work, "init", "--quiet", "--initial-branch=main");
  await git(work, "add", "--all");
  await git(work, "commit", "--quiet", "-m", "initial");
  const bare = join(parent, `${name}.git`);
  await git(parent, "clone", "--quiet", "--bare", work, bare);
  return { work, bare };
}

const GIT_FILES = {
  "extension.json": JSON.stringify({ name: "gitext", version: "0.1.0", exec: "python3" }),
  "main.py": "print('hi')\n",
};

Deno.test("install from a file:// git URL clones and installs under the manifest name", async () => {
  await using w = await extWorld();
  const { bare } = await gitRepos(w.root, GIT_FILES);
  const result = await install(w, pathToFileURL(bare).href);
  assertEquals([result.name, result.kind, result.dir], ["gitext", "git", join(w.global, "gitext")]);
  assertEquals(await listNames(w.global), ["gitext"]);
  assertEquals(await listNames(result.dir), [".git", "extension.json", "main.py"]);
});

Deno.test("install from a plain path to a bare repository", async () => {
  await using w = await extWorld();
  const { bare } = await gitRepos(w.root, GIT_FILES);
  const result = await install(w, bare, { local: true });
  assertEquals(result.dir, join(w.project, "gitext"));
  assertEquals(await Deno.readTextFile(join(result.dir, "main.py")), "print('hi')\n");
});

Deno.test("a cloned repository without a manifest is rolled back", async () => {
  await using w = await extWorld();
  const { bare } = await gitRepos(w.root, { "README.md": "no manifest here" }, "nomanifest");
  const err = await assertRejects(() => install(w, pathToFileURL(bare).href), ConfigError);
  assertEquals(err.code, "ext_invalid_manifest");
  assertEquals(await listNames(w.global), []);
});

Deno.test("a failed clone reports git's error and leaves nothing", async () => {
  await using w = await extWorld();
  const url = pathToFileURL(join(w.root, "missing.git")).href;
  const err = await assertRejects(() => install(w, url), ZotError);
  assertEquals(err.code, "ext_clone_failed");
  assertIncludes(err.message, `git clone ${url} failed:`);
  assertEquals(await listNames(w.global), []);
});

Deno.test("a source that looks like a git option is never read as one", async () => {
  await using w = await extWorld();
  const marker = join(w.root, "pwned");
  const evil = `--upload-pack=touch ${marker};.git`;
  const err = await assertRejects(() => install(w, evil), ZotError);
  assertEquals(err.code, "ext_clone_failed");
  // git saw it as the repository (after `--`), not as an option.
  assertIncludes(err.message, `repository '${evil}' does not exist`);
  await assertRejects(() => Deno.stat(marker), Deno.errors.NotFound);
  assertEquals(await listNames(w.global), []);
  // Without .git it is a path, and a missing one.
  const asPath = await assertRejects(() => install(w, "--force"), ZotError);
  assertEquals(asPath.code, "ext_source_missing");
});

Deno.test("staging folders left by a killed install are swept once they are stale", async () => {
  await using w = await extWorld();
  await helloSource(join(w.root, "src"));
  const stale = join(w.global, ".zot-install-stale");
  const fresh = join(w.global, ".zot-install-fresh");
  await writeFiles(stale, { "new/extension.json": "{}" });
  await writeFiles(fresh, { "new/extension.json": "{}" });
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  await Deno.utime(stale, twoHoursAgo, twoHoursAgo);
  await install(w, "../src");
  // A fresh one may belong to an install running right now.
  assertEquals(await listNames(w.global), [".zot-install-fresh", "hello"]);
});
