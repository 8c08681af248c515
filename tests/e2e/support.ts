/** Running the real zot CLI as a subprocess against the scripted provider server. */

import { join } from "node:path";
import { ProviderServer, type ScriptTurn } from "../support/provider_server.ts";

/** The repository root. */
export const REPO = join(import.meta.dirname!, "..", "..");
/** The e2e fixture extensions. */
export const FIXTURES = join(REPO, "tests", "fixtures", "e2e");

/** A temp ZOT_HOME and work folder, plus the fake model server. */
export class World implements AsyncDisposable {
  readonly root: string;
  readonly home: string;
  readonly work: string;
  readonly server: ProviderServer;

  private constructor(root: string, server: ProviderServer) {
    this.root = root;
    this.home = join(root, "home");
    this.work = join(root, "work");
    this.server = server;
  }

  /** Creates the folders and starts the server with these turns. */
  static async create(turns: ScriptTurn[] = []): Promise<World> {
    const root = await Deno.makeTempDir({ prefix: "zot-e2e-" });
    await Deno.mkdir(join(root, "home"));
    await Deno.mkdir(join(root, "work"));
    return new World(root, await ProviderServer.start({ turns }));
  }

  /** The environment zot runs with: only this world's home and a fake key. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    const env = Deno.env.toObject();
    for (const key of Object.keys(env)) {
      if (/_API_KEY$|^ZOT|^ZOTCORE/.test(key)) delete env[key];
    }
    return { ...env, ZOT_HOME: this.home, ANTHROPIC_API_KEY: "test-key", NO_COLOR: "1", ...extra };
  }

  /** The argv that points zot at the fake server (`rpc` must stay the first zot argument). */
  args(...rest: string[]): string[] {
    const sub = rest[0] === "rpc" ? [rest.shift()!] : [];
    return [
      "run",
      "-A",
      join(REPO, "main.ts"),
      ...sub,
      "--provider",
      "anthropic",
      "--model",
      "claude-sonnet-4-5",
      "--base-url",
      this.server.url,
      "--cwd",
      this.work,
      ...rest,
    ];
  }

  /** Runs zot to completion. */
  async run(
    args: string[],
    options: { stdin?: string; env?: Record<string, string> } = {},
  ): Promise<{ code: number; stdout: string; stderr: string }> {
    const child = new Deno.Command(Deno.execPath(), {
      args: this.args(...args),
      cwd: this.work,
      env: this.env(options.env),
      clearEnv: true,
      stdin: options.stdin === undefined ? "null" : "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    if (options.stdin !== undefined) {
      const writer = child.stdin.getWriter();
      await writer.write(new TextEncoder().encode(options.stdin));
      await writer.close();
    }
    const out = await child.output();
    return {
      code: out.code,
      stdout: new TextDecoder().decode(out.stdout),
      stderr: new TextDecoder().decode(out.stderr),
    };
  }

  /** Starts `zot rpc` with piped stdio. */
  rpc(args: string[] = [], env: Record<string, string> = {}): RpcClient {
    const child = new Deno.Command(Deno.execPath(), {
      args: this.args("rpc", ...args),
      cwd: this.work,
      env: this.env(env),
      clearEnv: true,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    return new RpcClient(child);
  }

  /** Every request body the server got, as JSON text. */
  bodies(): string[] {
    return this.server.bodies().map((b) => JSON.stringify(b));
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.server.close();
    await Deno.remove(this.root, { recursive: true });
  }
}

type Line = Record<string, unknown>;

/** A scripted model turn that calls one tool. */
export function toolTurn(
  id: string,
  name: string,
  input: Record<string, unknown> = {},
): ScriptTurn {
  return { blocks: [{ type: "tool_use" as const, id, name, input }] };
}

/** A tool_result event's content as text, for assertions. */
export function contentText(line: Line): string {
  return JSON.stringify(line.content);
}

/** An NDJSON client for a `zot rpc` child. */
export class RpcClient {
  readonly lines: Line[] = [];
  #child: Deno.ChildProcess;
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  #waiters: {
    test: (l: Line) => boolean;
    resolve: (l: Line) => void;
    reject: (e: Error) => void;
  }[] = [];
  #ended = false;
  #reading: Promise<void>;
  #stderr: Promise<string>;

  constructor(child: Deno.ChildProcess) {
    this.#child = child;
    this.#writer = child.stdin.getWriter();
    this.#stderr = new Response(child.stderr).text();
    this.#reading = this.#read();
  }

  async #read(): Promise<void> {
    let buffer = "";
    for await (const chunk of this.#child.stdout.pipeThrough(new TextDecoderStream())) {
      buffer += chunk;
      let nl;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = JSON.parse(buffer.slice(0, nl)) as Line;
        buffer = buffer.slice(nl + 1);
        this.lines.push(line);
        for (const w of [...this.#waiters]) {
          if (w.test(line)) {
            this.#waiters.splice(this.#waiters.indexOf(w), 1);
            w.resolve(line);
          }
        }
      }
    }
    // The process is gone: nothing more will arrive, so fail whoever still waits.
    this.#ended = true;
    for (const w of this.#waiters.splice(0)) w.reject(new Error("zot rpc exited; stdout ended"));
  }

  /** Sends one command. */
  async send(command: Line): Promise<void> {
    await this.#writer.write(new TextEncoder().encode(JSON.stringify(command) + "\n"));
  }

  /** Resolves with the first line (seen or future) that passes the test. */
  next(test: (l: Line) => boolean): Promise<Line> {
    const seen = this.lines.find(test);
    if (seen) return Promise.resolve(seen);
    if (this.#ended) return Promise.reject(new Error("zot rpc exited; stdout ended"));
    return new Promise((resolve, reject) => this.#waiters.push({ test, resolve, reject }));
  }

  /** Sends a command and waits for its response. */
  async request(command: Line): Promise<Line> {
    await this.send(command);
    return await this.next((l) => l.type === "response" && l.id === command.id);
  }

  /** The extensions' status lines, from a `list_extensions` request with this id. */
  async extensions(id: string): Promise<Line[]> {
    const list = await this.request({ id, type: "list_extensions" });
    return (list.data as { extensions: Line[] }).extensions;
  }

  /** Closes stdin and waits for the process to exit. */
  async close(): Promise<{ code: number; stderr: string }> {
    await this.#writer.close();
    const status = await this.#child.status;
    await this.#reading;
    return { code: status.code, stderr: await this.#stderr };
  }
}

/** Runs `zot --json …`, sends `signal` once a stdout line passes `when`, returns everything. */
export async function signalWhen(
  world: World,
  args: string[],
  when: (line: Record<string, unknown>) => boolean,
  signal: Deno.Signal,
  env: Record<string, string> = {},
): Promise<{ code: number; events: Record<string, unknown>[]; stderr: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: world.args(...args),
    cwd: world.work,
    env: world.env(env),
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stderr = new Response(child.stderr).text();
  const events: Record<string, unknown>[] = [];
  let sent = false;
  let buffer = "";
  for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) {
    buffer += chunk;
    let nl;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      const event = JSON.parse(buffer.slice(0, nl)) as Record<string, unknown>;
      buffer = buffer.slice(nl + 1);
      events.push(event);
      if (!sent && when(event)) {
        sent = true;
        child.kill(signal);
      }
    }
  }
  const status = await child.status;
  return { code: status.code, events, stderr: await stderr };
}

/** Resolves once `path` exists (watching its folder, no polling). */
export async function created(path: string): Promise<void> {
  const watcher = Deno.watchFs(join(path, ".."));
  try {
    try {
      await Deno.stat(path);
      return;
    } catch {
      // not yet: wait for it
    }
    for await (const event of watcher) {
      if (event.paths.includes(path)) return;
    }
  } finally {
    watcher.close();
  }
}
