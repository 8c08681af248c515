/** MCP helpers shared by the e2e tests: the fixture server over HTTP, a remote manifest. */

import { join } from "node:path";
import { REPO, type World } from "./support.ts";

/**
 * Starts the fixture server over streamable HTTP on loopback (on `port`, else any free one);
 * its URL is its first line.
 */
export async function httpFixture(port = 0): Promise<{ url: string } & AsyncDisposable> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(REPO, "tests", "fixtures", "mcp", "server.ts"), "http", String(port)],
    stdin: "null",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { done, value } = await lines.read();
    if (done) break;
    text += value;
  }
  await lines.cancel();
  let stopped: Promise<unknown> | undefined;
  return {
    url: text.trim(),
    // Idempotent: a test may stop the server early and still hold it with `await using`.
    [Symbol.asyncDispose]() {
      stopped ??= (child.kill("SIGTERM"), child.status);
      return stopped.then(() => {});
    },
  };
}

/** A remote MCP extension named `remote` for `url`, its token from $FIX_TOKEN. */
export async function remoteExtension(world: World, url: string): Promise<string> {
  const dir = join(world.root, "remote");
  await Deno.mkdir(dir);
  const manifest = {
    name: "remote",
    protocol: "mcp",
    url,
    headers: { Authorization: "Bearer ${env:FIX_TOKEN}" },
  };
  await Deno.writeTextFile(join(dir, "extension.json"), JSON.stringify(manifest));
  return dir;
}
