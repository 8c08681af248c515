/**
 * Shared setup for the OS-sandbox tests: a World whose $HOME holds secrets, the probe
 * extensions in three languages (the Go one built once, statically, and cached), a
 * loopback server to reach or not, and `zot` runs against them.
 */

import { dirname, join, relative } from "node:path";
import { assertEquals } from "../support/assert.ts";
import { REPO, World } from "./support.ts";

/** The OS-sandbox fixture extensions. */
export const OS_FIXTURES = join(REPO, "tests", "fixtures", "os_sandbox");

/** What a zot run printed and how it ended. */
export interface ZotRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A loopback server the tests try to reach. */
export interface Loopback {
  target: string;
  close(): Promise<void>;
}

/** A World with a user home holding `~/.ssh/id_rsa` and a `$ZOT_HOME/auth.json`. */
export class SecretWorld {
  readonly world: World;
  readonly userHome: string;
  readonly sshKey: string;
  readonly authFile: string;

  private constructor(world: World) {
    this.world = world;
    this.userHome = join(world.root, "userhome");
    this.sshKey = join(this.userHome, ".ssh", "id_rsa");
    this.authFile = join(world.home, "auth.json");
  }

  /** Creates the world and writes the secrets. */
  static async create(): Promise<SecretWorld> {
    const w = new SecretWorld(await World.create());
    await Deno.mkdir(join(w.userHome, ".ssh"), { recursive: true });
    await Deno.writeTextFile(w.sshKey, "SSH-KEY-SECRET\n");
    await Deno.writeTextFile(w.authFile, JSON.stringify({ openai: { api_key: "AUTH-SECRET" } }));
    return w;
  }

  /** The environment zot runs with: the test's HOME, and Deno's real cache. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return { HOME: this.userHome, DENO_DIR: realDenoDir(), ...extra };
  }

  /** Runs `zot …` (through the World, pointed at its fake model server). */
  async zot(args: string[], env: Record<string, string> = {}): Promise<ZotRun> {
    return await this.world.run(args, { env: this.env(env) });
  }

  /** Runs `zot ext …` and expects it to succeed. */
  async ext(...args: string[]): Promise<ZotRun> {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", join(REPO, "main.ts"), "ext", ...args],
      cwd: this.world.work,
      env: this.world.env(this.env()),
      clearEnv: true,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const run = {
      code: out.code,
      stdout: new TextDecoder().decode(out.stdout),
      stderr: new TextDecoder().decode(out.stderr),
    };
    assertEquals(run.code, 0, `zot ext ${args.join(" ")}: ${run.stderr}`);
    return run;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.world[Symbol.asyncDispose]();
  }
}

/** Deno's cache as this test process sees it, so zot under a temp HOME still finds its npm packages. */
export function realDenoDir(): string {
  return Deno.env.get("DENO_DIR") ?? join(Deno.env.get("HOME") ?? "/root", ".cache", "deno");
}

/** A loopback TCP server that accepts and drops connections. */
export function loopbackServer(): Loopback {
  const server = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const accepting = (async () => {
    for await (const conn of server) conn.close();
  })().catch(() => {});
  return {
    target: `127.0.0.1:${(server.addr as Deno.NetAddr).port}`,
    async close() {
      server.close();
      await accepting;
    },
  };
}

function goBinary(): string {
  const env = Deno.env.get("PATH") ?? "";
  for (const dir of [...env.split(":"), "/usr/local/go/bin"]) {
    try {
      if (dir && Deno.statSync(join(dir, "go")).isFile) return join(dir, "go");
    } catch {
      // not here
    }
  }
  throw new Error(
    "go is not installed: the static-binary sandbox test needs it (.ci/run installs it)",
  );
}

/** Builds the Go probe (static, CGO off) once per source version; later runs reuse the binary. */
export async function buildGoProbe(): Promise<string> {
  const src = join(OS_FIXTURES, "go");
  const source = await Deno.readFile(join(src, "main.go"));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", source));
  const key = Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
  const cache = join(Deno.env.get("TMPDIR") ?? "/tmp", "zot-test-go");
  const binary = join(cache, `goprobe-${key}`);
  try {
    if (Deno.statSync(binary).isFile) return binary;
  } catch {
    // not built yet
  }
  await Deno.mkdir(cache, { recursive: true });
  const partial = `${binary}.${crypto.randomUUID()}`;
  const out = await new Deno.Command(goBinary(), {
    args: ["build", "-o", partial, "."],
    cwd: src,
    env: {
      CGO_ENABLED: "0",
      GOTOOLCHAIN: "local",
      GOFLAGS: "-mod=mod",
      GOCACHE: join(cache, "gocache"),
      GOPATH: join(cache, "gopath"),
    },
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(`go build failed: ${new TextDecoder().decode(out.stderr)}`);
  await Deno.rename(partial, binary);
  return binary;
}

/** Copies a fixture folder and writes its manifest; returns the new folder. */
export async function makeExtension(
  root: string,
  fixture: string,
  manifest: Record<string, unknown>,
): Promise<string> {
  const dir = join(root, `${manifest.name}-src`);
  await Deno.mkdir(dir, { recursive: true });
  for await (const entry of Deno.readDir(join(OS_FIXTURES, fixture))) {
    if (entry.isFile) {
      await Deno.copyFile(join(OS_FIXTURES, fixture, entry.name), join(dir, entry.name));
    }
  }
  await Deno.writeTextFile(join(dir, "extension.json"), JSON.stringify(manifest));
  return dir;
}

/** Every process whose command line contains `token`. */
export async function processesWith(token: string): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const cmdline = await Deno.readTextFile(`/proc/${entry.name}/cmdline`);
      if (cmdline.includes(token)) found.push(entry.name);
    } catch {
      // exited while we looked
    }
  }
  return found;
}

/**
 * Copies a repository script and every local module it loads into `dir`, keeping their
 * layout relative to the repository, so the extension is self-contained as an installed
 * one must be (the OS sandbox shows it nothing outside its folder). Returns the exec path.
 */
export async function vendorScript(entry: string, dir: string): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", entry],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  const graph = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    modules: { specifier: string }[];
  };
  for (const { specifier } of graph.modules) {
    if (!specifier.startsWith("file:")) continue;
    const path = new URL(specifier).pathname;
    const target = join(dir, relative(REPO, path));
    await Deno.mkdir(dirname(target), { recursive: true });
    await Deno.copyFile(path, target);
  }
  return "./" + relative(REPO, entry);
}
