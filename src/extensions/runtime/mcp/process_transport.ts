/**
 * The SDK's Transport over an ExtensionProcess, for stdio MCP servers. The SDK's own
 * StdioClientTransport spawns with node's child_process, outside zot's launch plan: no
 * process group, no stop ladder, no OS sandbox. Here the process is spawned by zot from
 * the same LaunchSpec as an NDJSON extension (sandbox wrapper included), and the SDK
 * only frames messages (its ReadBuffer and serializeMessage), so MCP itself stays the SDK's.
 */

import { Buffer } from "node:buffer";
import { errorMessage } from "../../../errors/mod.ts";
import { type ExtensionLog, snippet } from "../log.ts";
import type { ExtensionProcess } from "../process.ts";
import { type JSONRPCMessage, ReadBuffer, serializeMessage, type Transport } from "./sdk.ts";

const encoder = new TextEncoder();

/** Stdio MCP transport on a process zot spawned. */
export class ProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly #proc: ExtensionProcess;
  readonly #log: ExtensionLog;
  readonly #buffer: ReadBuffer;
  #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  #reading: Promise<void> | undefined;
  #closed = false;

  constructor(proc: ExtensionProcess, log: ExtensionLog, maxLineBytes: number) {
    this.#proc = proc;
    this.#log = log;
    this.#buffer = new ReadBuffer({ maxBufferSize: maxLineBytes });
  }

  /** Starts reading the server's stdout. */
  start(): Promise<void> {
    this.#reader = this.#proc.stdout.getReader();
    this.#reading = this.#readLoop(this.#reader);
    return Promise.resolve();
  }

  /** Writes one message as a line; rejects when the pipe is broken. */
  async send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) throw new Error("the MCP server's stdin is closed");
    await this.#proc.write(encoder.encode(serializeMessage(message)));
  }

  /** Closes stdin (the stdio way to ask a server to exit) and stops reading. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#proc.closeStdin();
  }

  /** Stops reading stdout (after the process was stopped) and waits for the loop. */
  async finish(): Promise<void> {
    await this.#reader?.cancel().catch(() => {});
    await this.#reading;
  }

  async #readLoop(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.#take(value);
      }
    } catch {
      // cancelled or broken pipe: the server is gone either way
    }
    this.#closed = true;
    this.onclose?.();
  }

  #take(chunk: Uint8Array): void {
    try {
      this.#buffer.append(Buffer.from(chunk));
    } catch (err) {
      this.#log.diagnostic(`stdout: ${errorMessage(err)}; dropped`);
      return;
    }
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.#buffer.readMessage();
      } catch (err) {
        // The bad line is already consumed; the rest of the stream is still good.
        this.#log.diagnostic(`stdout: not a JSON-RPC message (${snippet(errorMessage(err))})`);
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }
}
