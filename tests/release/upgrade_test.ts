import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { join } from "node:path";
import { ReleaseError } from "../../src/errors/mod.ts";
import { hostTarget, TARGETS, upgrade } from "../../src/release/mod.ts";
import { serveRelease, standInBinary } from "../support/release_server.ts";

Deno.test("upgrade refuses a verified download that hangs instead of answering --version", async () => {
  // `exec` makes the hanging process the one that is killed, so nothing is orphaned.
  const hangs = new TextEncoder().encode("#!/bin/sh\nexec sleep 60\n");
  const server = await serveRelease({ version: "99.0.0", targets: [...TARGETS], binary: hangs });
  const dir = await Deno.makeTempDir();
  try {
    const binary = join(dir, "zot");
    await Deno.writeFile(binary, standInBinary("0.1.0"), { mode: 0o755 });
    const lines: string[] = [];
    const err = await upgrade({
      releaseUrl: server.url,
      currentVersion: "0.1.0",
      binary,
      target: hostTarget(),
      platform: "here",
      say: (line) => lines.push(line),
      versionTimeoutMs: 200,
    }).then(() => undefined, (e: unknown) => e);
    assert.ok(err instanceof ReleaseError, String(err));
    assertEquals(err.code, "bad_release_binary");
    assertIncludes(err.message, '--version said "nothing"');
    assertEquals([...Deno.readDirSync(dir)].map((e) => e.name), ["zot"]);
  } finally {
    await server.close();
    await Deno.remove(dir, { recursive: true });
  }
});
