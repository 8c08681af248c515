import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import type { ScriptTurn } from "../support/provider_server.ts";
import { World } from "./support.ts";

type Block = Record<string, unknown>;
type Body = { messages: { role: string; content: string | Block[] }[] };

function results(body: Body): Block[] {
  return (body.messages.at(-1)!.content as Block[]).filter((b) => b.type === "tool_result");
}

/** What a bash result's command printed: its text without the echoed command line. */
function printed(result: Block): string {
  const [block] = result.content as { text: string }[];
  return block.text.split("\n\n")[1] ?? "";
}

function call(id: string, name: string, input: Record<string, unknown>): ScriptTurn {
  return { blocks: [{ type: "tool_use", id, name, input }] };
}

/** Runs `command` through the model's bash tool with the jail on; what it printed. */
async function jailedBash(
  world: World,
  command: string,
  env: Record<string, string> = {},
  jail = "/jail",
): Promise<string> {
  world.server.push(call("b1", "bash", { command }), { text: "done" });
  const rpc = world.rpc([], env);
  await rpc.request({ id: "j", type: "command", text: jail });
  await rpc.request({ id: "p1", type: "prompt", message: "try" });
  await rpc.next((l) => l.type === "done" && l.id === "p1");
  const closed = await rpc.close();
  assertEquals(closed.code, 0, closed.stderr);
  return printed(results(world.server.bodies().at(-1) as Body)[0]);
}

/** A folder outside /tmp (which the jail replaces with its own), shown read-only to it. */
async function outsideFolder(): Promise<{ path: string } & AsyncDisposable> {
  const path = await Deno.makeTempDir({ dir: "/var/tmp", prefix: "zot-jail-" });
  return { path, [Symbol.asyncDispose]: () => Deno.remove(path, { recursive: true }) };
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch {
    return false;
  }
}

Deno.test("/jail: file tools refuse paths outside the project, symlinks and .. included", async () => {
  await using world = await World.create([
    {
      blocks: [
        { type: "tool_use", id: "r1", name: "read", input: { path: "link/secret.txt" } },
        { type: "tool_use", id: "r2", name: "read", input: { path: "../outside/secret.txt" } },
        {
          type: "tool_use",
          id: "w1",
          name: "write",
          input: { path: "link/new.txt", content: "x" },
        },
        { type: "tool_use", id: "r3", name: "read", input: { path: "inside.txt" } },
      ],
    },
    { text: "refused" },
    call("r4", "read", { path: "link/secret.txt" }),
    { text: "read it" },
  ]);
  const outside = join(world.root, "outside");
  await Deno.mkdir(outside);
  await Deno.writeTextFile(join(outside, "secret.txt"), "SECRET-9931");
  await Deno.symlink(outside, join(world.work, "link"));
  await Deno.writeTextFile(join(world.work, "inside.txt"), "INSIDE-OK");
  const rpc = world.rpc();
  const jailed = await rpc.request({ id: "j", type: "command", text: "/jail" });
  assertEquals(jailed.success, true, JSON.stringify(jailed));
  assertIncludes(JSON.stringify(jailed.data), "jailed");
  await rpc.request({ id: "p1", type: "prompt", message: "look" });
  await rpc.next((l) => l.type === "done" && l.id === "p1");
  const [r1, r2, w1, r3] = results(world.server.bodies()[1] as Body);
  for (const refused of [r1, r2, w1]) {
    assertEquals(refused.is_error, true);
    assertIncludes(JSON.stringify(refused.content), "outside the project");
  }
  assert(!JSON.stringify(world.server.bodies()[1]).includes("SECRET-9931"));
  assertEquals(await exists(join(outside, "new.txt")), false);
  assertIncludes(JSON.stringify(r3.content), "INSIDE-OK");

  await rpc.request({ id: "u", type: "command", text: "/unjail" });
  await rpc.request({ id: "p2", type: "prompt", message: "again" });
  await rpc.next((l) => l.type === "done" && l.id === "p2");
  assertIncludes(
    JSON.stringify(results(world.server.bodies()[3] as Body)[0].content),
    "SECRET-9931",
  );
  const closed = await rpc.close();
  assertEquals(closed.code, 0, closed.stderr);
});

Deno.test("/jail: bash writes only the project and cannot reach a loopback server", async () => {
  await using world = await World.create();
  await using outside = await outsideFolder();
  const port = new URL(world.server.url).port;
  const text = await jailedBash(
    world,
    [
      "echo in > made_inside",
      `(echo out > ${join(outside.path, "made_outside")}) 2>/dev/null || echo OUTSIDE-REFUSED`,
      `(exec 3<>/dev/tcp/127.0.0.1/${port}) 2>/dev/null && echo NET-OPEN || echo NET-CLOSED`,
    ].join("; "),
  );
  assertEquals(text.split("\n"), ["OUTSIDE-REFUSED", "NET-CLOSED"]);
  assertEquals(await exists(join(world.work, "made_inside")), true);
  assertEquals(await exists(join(outside.path, "made_outside")), false);
});

Deno.test("/jail: bash cannot remount / writable, even as root, nor reach the terminal", async () => {
  await using world = await World.create();
  await using outside = await outsideFolder();
  const target = join(outside.path, "escaped");
  // As root a process keeps its capabilities inside bwrap unless they are dropped: it could
  // remount the read-only / writable in its mount namespace and write real files.
  const text = await jailedBash(
    world,
    [
      "mount -o remount,rw,bind / 2>/dev/null && echo REMOUNTED || echo REMOUNT-REFUSED",
      `(echo out > ${target}) 2>/dev/null || echo WRITE-REFUSED`,
      "(exec 3</dev/tty) 2>/dev/null && echo TTY-OPEN || echo TTY-CLOSED",
    ].join("; "),
  );
  assertEquals(text.split("\n"), ["REMOUNT-REFUSED", "WRITE-REFUSED", "TTY-CLOSED"]);
  assertEquals(await exists(target), false);
});

Deno.test("/jail: bash cannot reach a host daemon's Unix socket under /run", async () => {
  await using world = await World.create();
  // Where docker, D-Bus, systemd and the user's agents listen: no network namespace stops a
  // Unix socket, and a read-only mount does not stop connecting to one.
  const path = `/run/zot-jail-${crypto.randomUUID()}.sock`;
  const daemon = Deno.listen({ transport: "unix", path });
  const reached = daemon.accept().then((conn) => (conn.close(), true), () => false);
  try {
    const probe = `import socket; s = socket.socket(socket.AF_UNIX); s.connect("${path}")`;
    const text = await jailedBash(
      world,
      `python3 -c '${probe}' 2>/dev/null && echo UNIX-OPEN || echo UNIX-CLOSED`,
    );
    assertEquals(text, "UNIX-CLOSED");
  } finally {
    daemon.close();
    assertEquals(await reached, false);
    await Deno.remove(path).catch(() => {});
  }
});

Deno.test("/jail --net: bash reaches no abstract Unix socket, nor one in the project", async () => {
  await using world = await World.create();
  // With the network namespace shared, so are the host's abstract sockets (X11, D-Bus); a
  // socket in the project is writable, so a bind mount does not stop it either.
  const abstract = `zot-jail-${crypto.randomUUID()}`;
  const inProject = join(world.work, "daemon.sock");
  const daemons = [`\0${abstract}`, inProject].map((path) =>
    Deno.listen({ transport: "unix", path })
  );
  const reached = daemons.map((d) => d.accept().then((c) => (c.close(), true), () => false));
  try {
    const probe = (address: string) =>
      `python3 -c 'import socket; socket.socket(socket.AF_UNIX).connect("${address}")' ` +
      "2>/dev/null && echo UNIX-OPEN || echo UNIX-CLOSED";
    const text = await jailedBash(
      world,
      [probe(`\\0${abstract}`), probe(inProject)].join("; "),
      {},
      "/jail --net",
    );
    assertEquals(text.split("\n"), ["UNIX-CLOSED", "UNIX-CLOSED"]);
  } finally {
    for (const daemon of daemons) daemon.close();
    assertEquals(await Promise.all(reached), [false, false]);
  }
});

Deno.test("/jail: bash can commit, but not plant a git hook or config that runs later", async () => {
  await using world = await World.create();
  const git = (args: string[]) =>
    new Deno.Command("git", { args, cwd: world.work, stdout: "null", stderr: "null" }).output();
  await git(["init", "-q"]);
  const hook = join(world.work, ".git", "hooks", "pre-commit");
  const text = await jailedBash(
    world,
    [
      `(echo 'touch /tmp/pwned' > ${hook}) 2>/dev/null && echo HOOK-WRITTEN || echo HOOK-REFUSED`,
      "git config core.fsmonitor 'touch /tmp/pwned' 2>/dev/null && echo CONFIG-WRITTEN || " +
      "echo CONFIG-REFUSED",
      "echo ok > file.txt && git add file.txt && " +
      "git -c user.email=j@example.com -c user.name=jail commit -qm in-jail && echo COMMITTED",
    ].join("; "),
  );
  assertEquals(text.split("\n"), ["HOOK-REFUSED", "CONFIG-REFUSED", "COMMITTED"]);
  assertEquals(await exists(hook), false);
  const config = await Deno.readTextFile(join(world.work, ".git", "config"));
  assertEquals(config.includes("fsmonitor"), false);
});

Deno.test("/jail runs bash through the bwrap ZOT_BWRAP names, as extensions do", async () => {
  await using world = await World.create();
  // A bwrap outside PATH: it notes each use, then is the real one.
  const used = join(world.root, "bwrap-used");
  const wrapper = join(world.root, "my-bwrap");
  const real = new TextDecoder().decode(
    (await new Deno.Command("sh", { args: ["-c", "command -v bwrap"], stdout: "piped" }).output())
      .stdout,
  ).trim();
  await Deno.writeTextFile(wrapper, `#!/bin/sh\necho used >> '${used}'\nexec '${real}' "$@"\n`);
  await Deno.chmod(wrapper, 0o755);
  assertEquals(await jailedBash(world, "echo JAILED-OK", { ZOT_BWRAP: wrapper }), "JAILED-OK");
  assertEquals((await Deno.readTextFile(used)).trim(), "used");
});

Deno.test("/jail is refused in -p, where the flags decide", async () => {
  await using world = await World.create();
  const result = await world.run(["-p", "/jail"]);
  assertEquals(result.code, 1);
  assertIncludes(result.stderr, "/jail is only available in");
});
