/**
 * A reader that closes stdout early (`zot … | head -1`) ends zot quietly: exit 0, nothing on
 * stderr, no "internal error: Broken pipe". The pipe's read end is closed before zot writes,
 * so every command meets the broken pipe on its first write, whatever the machine's speed.
 */

import { join } from "node:path";
import { assertEquals } from "../support/assert.ts";
import { ProviderServer } from "../support/provider_server.ts";

const REPO = join(import.meta.dirname!, "..", "..");

async function withHome<T>(body: (home: string, work: string) => Promise<T>): Promise<T> {
  const root = await Deno.makeTempDir({ prefix: "zot-pipe-" });
  const home = join(root, "home");
  const work = join(root, "work");
  await Deno.mkdir(join(home, "extensions"), { recursive: true });
  await Deno.mkdir(work);
  try {
    return await body(home, work);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

/** Runs zot with its stdout's read end already closed; returns exit code and stderr. */
async function runClosed(
  args: string[],
  env: Record<string, string>,
  cwd: string,
  stdin?: string,
): Promise<{ code: number; stderr: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(REPO, "main.ts"), ...args],
    cwd,
    env: { NO_COLOR: "1", ANTHROPIC_API_KEY: "test-key", ...env },
    stdin: stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  await child.stdout.cancel();
  const stderr = new Response(child.stderr).text();
  if (stdin !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(stdin));
    await writer.close();
  }
  const status = await child.status;
  return { code: status.code, stderr: await stderr };
}

Deno.test("zot ext commands, help and version end quietly when stdout is closed", async () => {
  await withHome(async (home, work) => {
    await new Deno.Command("cp", {
      args: ["-r", join(REPO, "extensions", "examples", "clock"), join(home, "extensions")],
    }).output();
    const cases = [
      ["ext", "permissions", "clock"],
      ["ext", "list"],
      ["ext", "list", "--json"],
      ["ext", "logs", "clock"],
      ["--help"],
      ["ext", "--help"],
      ["--version"],
      ["--list-models"],
    ];
    await Deno.mkdir(join(home, "logs"));
    await Deno.writeTextFile(join(home, "logs", "ext-clock.log"), "line\n".repeat(1000));
    for (const args of cases) {
      const run = await runClosed(args, { ZOT_HOME: home }, work);
      assertEquals([run.code, run.stderr], [0, ""], `zot ${args.join(" ")}`);
    }
  });
});

Deno.test("print, json and rpc modes end quietly when stdout is closed", async () => {
  await using server = await ProviderServer.start({
    turns: [{ text: "one" }, { text: "two" }, { text: "three" }],
  });
  await withHome(async (home, work) => {
    const flags = ["--base-url", server.url, "--provider", "anthropic", "--no-session"];
    const env = { ZOT_HOME: home };
    const print = await runClosed(["-p", ...flags, "hi"], env, work);
    assertEquals([print.code, print.stderr], [0, ""], "-p");
    const json = await runClosed(["--json", ...flags.slice(0, 4), "hi"], env, work);
    assertEquals([json.code, json.stderr], [0, ""], "--json");
    const rpc = await runClosed(
      ["rpc", ...flags.slice(0, 4)],
      env,
      work,
      '{"id":"1","type":"ping"}\n{"id":"2","type":"prompt","message":"hi"}\n',
    );
    assertEquals([rpc.code, rpc.stderr], [0, ""], "rpc");
  });
});

Deno.test("zot rpc ends quietly when its client closes stdout, though stdin stays open", async () => {
  await withHome(async (home, work) => {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", join(REPO, "main.ts"), "rpc", "--no-ext"],
      cwd: work,
      env: { NO_COLOR: "1", ANTHROPIC_API_KEY: "test-key", ZOT_HOME: home },
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    await child.stdout.cancel();
    const stderr = new Response(child.stderr).text();
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode('{"id":"1","type":"ping"}\n'));
    // If rpc never noticed, this guard fails the test instead of hanging the suite.
    let guard: ReturnType<typeof setTimeout> | undefined;
    const stuck = new Promise<"stuck">((resolve) => {
      guard = setTimeout(() => resolve("stuck"), 30_000);
    });
    const result = await Promise.race([child.status, stuck]);
    clearTimeout(guard);
    if (result === "stuck") child.kill("SIGKILL");
    await writer.close().catch(() => {});
    const status = await child.status;
    assertEquals([result === "stuck" ? "stuck" : status.code, await stderr], [0, ""]);
  });
});
