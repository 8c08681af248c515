/**
 * A tiny stand-in for zot's extension host, for tests: spawns an extension as a real
 * subprocess, writes host frames to its stdin and reads its stdout frames, checking every
 * frame with the host's own decoder. Not the runtime host; just enough to drive one.
 */

import { isAbsolute, join } from "node:path";
import { decodeLine } from "../../src/protocol/codec.ts";
import type { HelloAckFrame } from "../../src/protocol/mod.ts";
import { ZotPaths } from "../../src/config/mod.ts";
import { emptyPermissions, planLaunches, readManifest } from "../../src/extensions/mod.ts";
import { LineSplitter } from "../../extensions/sdk/lines.ts";

/** A frame as the extension wrote it (parsed JSON, before the host's defaults). */
export type RawFrame = Record<string, unknown>;

/** How to start an extension process. */
export interface SpawnSpec {
  command: string;
  args: string[];
  cwd: string;
  env?: Record<string, string>;
}

/** How long one read may take before the test fails (generous: CI cores are shared). */
const READ_DEADLINE_MS = 20_000;

/** Default `hello_ack` fields; tests override what they care about. */
export const TEST_HELLO_ACK: HelloAckFrame = {
  type: "hello_ack",
  protocol_version: 1,
  zot_version: "0.1.0",
  provider: "anthropic",
  model: "claude-test",
  cwd: "/tmp/zot-project",
  extension_dir: "/tmp/zot-ext",
  data_dir: "/tmp/zot-data",
};

/**
 * Reads `extension.json` in `dir` and resolves its exec the way the contract says; a
 * `"runtime": "deno"` manifest is planned by zot itself, as a `--ext` folder granted exactly
 * what its manifest requests.
 */
export async function specFromManifest(
  dir: string,
  env?: Record<string, string>,
): Promise<SpawnSpec> {
  const manifest = JSON.parse(await Deno.readTextFile(join(dir, "extension.json")));
  if (manifest.runtime === "deno") return await sandboxedSpec(dir, env ?? {});
  const exec: string = manifest.exec;
  let command = exec;
  if (exec === "deno") command = Deno.execPath();
  else if (!isAbsolute(exec) && exec.includes("/")) command = join(dir, exec);
  return { command, args: manifest.args ?? [], cwd: dir, env };
}

async function sandboxedSpec(dir: string, env: Record<string, string>): Promise<SpawnSpec> {
  const parsed = await readManifest(join(dir, "extension.json"));
  if (!parsed.ok) throw new Error(`${dir}: ${parsed.reason}`);
  const plan = await planLaunches([{
    name: parsed.manifest.name,
    dir,
    manifestPath: join(dir, "extension.json"),
    source: "flag",
    manifest: parsed.manifest,
  }], {
    paths: new ZotPaths(join(dir, ".zot-test-home-unused")),
    cwd: dir,
    env,
    runGrant: parsed.manifest.permissions ?? emptyPermissions(),
    deno: Deno.execPath(),
  });
  const spec = plan.specs[0];
  if (!spec) throw new Error(`${dir}: ${plan.refused[0]?.reason}`);
  return { command: spec.command, args: spec.args, cwd: dir, env: spec.env };
}

/** One running extension under test. */
export class FakeHost {
  #child: Deno.ChildProcess;
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  #reader: ReadableStreamDefaultReader<Uint8Array>;
  #splitter = new LineSplitter();
  #lines: string[] = [];
  #eof = false;
  #stdinClosed = false;
  #stderr: Promise<string>;
  #status: Promise<Deno.CommandStatus>;
  #encoder = new TextEncoder();

  /** Spawns the extension with piped stdio. */
  constructor(spec: SpawnSpec) {
    this.#child = new Deno.Command(spec.command, {
      args: spec.args,
      cwd: spec.cwd,
      env: { PYTHONDONTWRITEBYTECODE: "1", ...spec.env },
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    this.#writer = this.#child.stdin.getWriter();
    this.#reader = this.#child.stdout.getReader();
    this.#stderr = new Response(this.#child.stderr).text();
    this.#status = this.#child.status;
  }

  /** Spawns the extension described by the manifest in `dir`. */
  static async fromManifest(dir: string, env?: Record<string, string>): Promise<FakeHost> {
    return new FakeHost(await specFromManifest(dir, env));
  }

  /** Writes one frame (an object) or one raw line (a string) to the extension. */
  async send(frame: RawFrame | string): Promise<void> {
    const line = typeof frame === "string" ? frame : JSON.stringify(frame);
    await this.#writer.write(this.#encoder.encode(line + "\n"));
  }

  /** Writes one frame a byte per write, to exercise the extension's line splitting. */
  async sendByteByByte(frame: RawFrame | string): Promise<void> {
    const line = typeof frame === "string" ? frame : JSON.stringify(frame);
    for (const byte of this.#encoder.encode(line + "\n")) {
      await this.#writer.write(new Uint8Array([byte]));
    }
  }

  /** The next frame the extension writes; fails on a line the host could not decode. */
  async next(): Promise<RawFrame> {
    const line = await this.#nextLine();
    if (line === undefined) {
      throw new Error(`extension closed stdout; stderr:\n${await this.stderrSoFar()}`);
    }
    const decoded = decodeLine(line);
    if (decoded.kind !== "frame") {
      throw new Error(`host cannot decode ${line}: ${JSON.stringify(decoded)}`);
    }
    return JSON.parse(line);
  }

  /** The next frame that is not a `notify` (notes are collected in `notes`). */
  async nextReply(): Promise<RawFrame> {
    for (;;) {
      const frame = await this.next();
      if (frame.type !== "notify") return frame;
      this.notes.push(frame);
    }
  }

  /** `notify` frames skipped by `nextReply`. */
  notes: RawFrame[] = [];

  /** Sends a request frame and returns the extension's reply to it. */
  async request(frame: RawFrame): Promise<RawFrame> {
    await this.send(frame);
    const reply = await this.nextReply();
    if (reply.id !== frame.id) {
      throw new Error(`expected a reply to ${frame.id}, got ${JSON.stringify(reply)}`);
    }
    return reply;
  }

  /** Reads `hello`, answers `hello_ack`, and reads registrations up to `ready`. */
  async handshake(
    ack: Partial<HelloAckFrame> = {},
  ): Promise<{ hello: RawFrame; frames: RawFrame[] }> {
    const hello = await this.next();
    if (hello.type !== "hello") {
      throw new Error(`first frame must be hello, got ${JSON.stringify(hello)}`);
    }
    await this.send({ ...TEST_HELLO_ACK, ...ack });
    const frames: RawFrame[] = [];
    for (let frame = await this.next(); frame.type !== "ready"; frame = await this.next()) {
      frames.push(frame);
    }
    return { hello, frames };
  }

  /** Sends `shutdown`, expects `shutdown_ack`, and returns the exit code. */
  async shutdown(): Promise<number> {
    await this.send({ type: "shutdown" });
    const ack = await this.nextReply();
    if (ack.type !== "shutdown_ack") {
      throw new Error(`expected shutdown_ack, got ${JSON.stringify(ack)}`);
    }
    return await this.exitCode();
  }

  /** Closes stdin (end of input) without a shutdown frame. */
  async closeStdin(): Promise<void> {
    if (this.#stdinClosed) return;
    this.#stdinClosed = true;
    await this.#writer.close().catch(() => {});
  }

  /** Closes stdin, checks nothing more was written, and waits for the exit code. */
  async exitCode(): Promise<number> {
    await this.closeStdin();
    const extra = await this.#nextLine();
    if (extra !== undefined) throw new Error(`unexpected output after the end: ${extra}`);
    return (await this.#status).code;
  }

  /** Everything the extension wrote to stderr; waits for the process to end. */
  stderrSoFar(): Promise<string> {
    return this.#stderr;
  }

  /** Kills the extension if still running and releases every stream. */
  async close(): Promise<void> {
    await this.closeStdin();
    try {
      this.#child.kill("SIGKILL");
    } catch {
      // already exited
    }
    await this.#reader.cancel().catch(() => {});
    await this.#status;
    await this.#stderr;
  }

  async #nextLine(): Promise<string | undefined> {
    while (this.#lines.length === 0) {
      if (this.#eof) return undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no frame within ${READ_DEADLINE_MS} ms`)),
          READ_DEADLINE_MS,
        );
      });
      try {
        const { value, done } = await Promise.race([this.#reader.read(), deadline]);
        if (done) {
          this.#eof = true;
          this.#lines.push(...this.#splitter.end());
        } else {
          this.#lines.push(...this.#splitter.push(value));
        }
      } finally {
        clearTimeout(timer);
      }
    }
    return this.#lines.shift();
  }
}
