/**
 * Prompts and signals with real zot processes on a real terminal (tmux): Ctrl-C at a
 * question cancels it (exit 130) and changes nothing; SIGTERM while zot waits on a terminal
 * read ends it at once instead of being swallowed.
 */

import { join } from "node:path";
import { assertEquals } from "../support/assert.ts";
import { TmuxSession } from "../tui/support/tmux.ts";
import { quitZot, zotArgv } from "../tui/support/zot_tmux.ts";
import { REPO, World } from "../e2e/support.ts";

const GUARD = join(REPO, "extensions", "examples", "guard");

function zot(...args: string[]): string[] {
  return [Deno.execPath(), "run", "-A", join(REPO, "main.ts"), ...args];
}

/** Runs argv in tmux through a shell that writes zot's pid to `pidFile` first. */
function withPid(pidFile: string, argv: string[]): string[] {
  return ["sh", "-c", `echo $$ > '${pidFile}'; exec "$@"`, "sh", ...argv];
}

/** Starts argv in tmux in the world's work folder and home, without colour. */
function inWorld(world: World, argv: string[]): Promise<TmuxSession> {
  return TmuxSession.start(argv, { env: { ZOT_HOME: world.home, NO_COLOR: "1" }, cwd: world.work });
}

/** A project extension "marker" that appends "started" to the returned file when it starts. */
async function markerExtension(world: World): Promise<string> {
  const marker = join(world.root, "marker.txt");
  const dir = join(world.work, ".zot", "extensions", "marker");
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({ name: "marker", exec: "./start.sh" }),
  );
  await Deno.writeTextFile(join(dir, "start.sh"), `#!/bin/sh\necho started >> '${marker}'\n`);
  await Deno.chmod(join(dir, "start.sh"), 0o755);
  return marker;
}

async function names(dir: string): Promise<string[]> {
  return await Array.fromAsync(Deno.readDir(dir), (e) => e.name).catch(() => []);
}

Deno.test("Ctrl-C at the install question cancels it with exit 130 and installs nothing", async () => {
  await using world = await World.create();
  await using tmux = await inWorld(world, zot("ext", "install", GUARD));
  await tmux.waitFor("Install it? [y/N]");
  await tmux.send(["C-c"]);
  await tmux.waitFor("[exited 130]");
  assertEquals(await names(join(world.home, "extensions")), []);
});

Deno.test("SIGTERM while the install question waits on the terminal ends zot (exit 130)", async () => {
  await using world = await World.create();
  const pidFile = join(world.root, "pid");
  await using tmux = await inWorld(world, withPid(pidFile, zot("ext", "install", GUARD)));
  await tmux.waitFor("Install it? [y/N]");
  Deno.kill(Number(await Deno.readTextFile(pidFile)), "SIGTERM");
  await tmux.waitFor("[exited 130]");
  assertEquals(await names(join(world.home, "extensions")), []);
});

Deno.test("Ctrl-C at the TUI's trust question cancels the run; nothing starts or is trusted", async () => {
  await using world = await World.create();
  await markerExtension(world);
  await using tmux = await inWorld(world, zotArgv(world.server.url));
  await tmux.waitFor(`Trust "marker" and start it? [y/N]`);
  await tmux.send(["C-c"]);
  await tmux.waitFor("[exited 130]");
  assertEquals(await names(world.root).then((n) => n.includes("marker.txt")), false);
  assertEquals(await names(world.home).then((n) => n.includes("trust.json")), false);
});

Deno.test("the TUI asks about an untrusted project extension, starts it on yes, and takes input", async () => {
  await using world = await World.create();
  const marker = await markerExtension(world);
  await using tmux = await inWorld(world, zotArgv(world.server.url));
  await tmux.waitFor("runs unrestricted");
  await tmux.type("y");
  await tmux.send(["Enter"]);
  await tmux.waitFor("type a message");
  // The question read stdin; the TUI must still get every key afterwards.
  await tmux.type("still typing");
  await tmux.waitFor("still typing");
  await quitZot(tmux);
  assertEquals((await Deno.readTextFile(marker)).trim(), "started");
});

Deno.test("SIGTERM while the session picker waits on the terminal ends zot (exit 130)", async () => {
  await using world = await World.create([{ text: "first" }]);
  assertEquals((await world.run(["-p", "hi"])).code, 0);
  const pidFile = join(world.root, "pid");
  const argv = zotArgv(world.server.url, "--cwd", world.work, "-r", "-p", "again");
  await using tmux = await inWorld(world, withPid(pidFile, argv));
  await tmux.waitFor("pick a session");
  Deno.kill(Number(await Deno.readTextFile(pidFile)), "SIGTERM");
  await tmux.waitFor("[exited 130]");
});
