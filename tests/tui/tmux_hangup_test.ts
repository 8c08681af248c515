/**
 * End-to-end: closing the terminal under the real `zot` TUI (the pty goes away, the kernel
 * sends SIGHUP) ends zot the way /quit does: its extensions are stopped and nothing they
 * started is left, a double-forked daemon included.
 */

import { join } from "node:path";
import { assertEquals, assertIncludes } from "../support/assert.ts";
import { ProviderServer } from "../support/provider_server.ts";
import { makeExtension, processesWith } from "../e2e/os_sandbox_support.ts";
import { submit } from "./support/tmux.ts";
import { openZot, zotArgv, zotDirs } from "./support/zot_tmux.ts";

/** Polls /proc until no process carries `token`; the ones left when `timeoutMs` runs out. */
async function goneWithin(token: string, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let left = await processesWith(token);
  while (left.length && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    left = await processesWith(token);
  }
  return left;
}

Deno.test("tmux: closing the terminal stops zot's extensions, and their daemon goes too", async () => {
  await using server = await ProviderServer.start();
  await using dirs = await zotDirs();
  const token = `zot-hangup-${crypto.randomUUID()}`;
  const dir = await makeExtension(dirs.home, "daemon", {
    name: "daemon",
    exec: "./main.py",
    args: [token, join(dirs.cwd, "daemon-up")],
  });
  const s = await openZot(zotArgv(server.url, "--ext", dir), dirs, { cols: 100, rows: 30 });
  try {
    await submit(s, "/ping");
    await s.waitFor("pong");
    assertEquals((await processesWith(token)).length > 0, true, "the daemon runs while zot does");
  } finally {
    // The terminal goes away: tmux closes the pane's pty and zot gets SIGHUP.
    await s.close();
  }
  // zot's own argv carries the server's URL; generous bounds, never a timing assumption.
  assertEquals(await goneWithin(server.url, 30_000), [], "zot is still running");
  assertEquals(await goneWithin(token, 30_000), [], "the daemon outlived zot");
  // Stopped by zot's shutdown, not killed with it: the stop is in the extension's log.
  assertIncludes(await Deno.readTextFile(join(dirs.home, "logs", "ext-daemon.log")), "stopped at");
});
