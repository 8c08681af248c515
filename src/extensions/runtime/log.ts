/**
 * One extension's log file: its stderr, appended verbatim, interleaved with `[zot] …`
 * lines from the host. Writes are serialised so lines never tear, and what is queued while a
 * write is under way goes out as one write (a flood of notes costs a few writes, not one
 * each). A log that cannot be
 * opened or written degrades to a sink: logging never takes an extension (or zot) down.
 *
 * Diagnostics about bad input (malformed lines and the like) are rate-limited, so an
 * extension flooding stdout with garbage cannot flood the disk or the host's memory.
 * The file is capped: past MAX_LOG_BYTES it is rotated to `<log>.1` (one generation), so
 * a stderr flood costs at most twice the cap on disk.
 */

import { dirname } from "../../paths/mod.ts";

const encoder = new TextEncoder();

/** Diagnostics allowed in a burst, and refilled per second after it. */
const DIAGNOSTIC_BURST = 50;
const DIAGNOSTICS_PER_SECOND = 10;

/** Size at which a log is rotated to `<log>.1`. */
export const MAX_LOG_BYTES = 10 * 1024 * 1024;

/** Longest snippet of foreign text quoted in a log line. */
const SNIPPET_CHARS = 200;

/** Quotes foreign text for a log line: JSON-escaped (no raw newlines or escapes), truncated. */
export function snippet(text: string): string {
  const cut = text.length > SNIPPET_CHARS ? text.slice(0, SNIPPET_CHARS) + "…" : text;
  return JSON.stringify(cut);
}

/** Append-only log of one extension. */
export class ExtensionLog {
  /** Absolute path, or undefined when there is no file (unsafe name, or it could not be opened). */
  readonly path: string | undefined;
  /** Why the file could not be opened, if it could not. */
  readonly problem: string | undefined;
  #file: Deno.FsFile | undefined;
  #queued: Uint8Array[] = [];
  #writing: Promise<void> | undefined;
  #closed = false;
  #tokens = DIAGNOSTIC_BURST;
  #refilledAt = Date.now();
  #suppressed = 0;
  #size = 0;
  readonly #maxBytes: number;

  private constructor(
    path: string | undefined,
    file: Deno.FsFile | undefined,
    problem?: string,
    size = 0,
    maxBytes = MAX_LOG_BYTES,
  ) {
    this.path = path;
    this.#file = file;
    this.problem = problem;
    this.#size = size;
    this.#maxBytes = maxBytes;
  }

  /** Opens (creating the folder on demand) a log for appending; never throws. */
  static async open(path: string, maxBytes = MAX_LOG_BYTES): Promise<ExtensionLog> {
    try {
      await Deno.mkdir(dirname(path), { recursive: true });
      const file = await Deno.open(path, { append: true, create: true, mode: 0o644 });
      return new ExtensionLog(path, file, undefined, (await file.stat()).size, maxBytes);
    } catch (err) {
      return new ExtensionLog(
        path,
        undefined,
        `cannot open log ${path}: ${(err as Error).message}`,
      );
    }
  }

  /** A log that writes nowhere (for an extension whose name cannot be a file name). */
  static none(problem: string): ExtensionLog {
    return new ExtensionLog(undefined, undefined, problem);
  }

  /** Appends `[zot] <text>`; newlines in text are kept on separate `[zot]` lines. */
  note(text: string): void {
    const lines = text.split("\n").map((line) => `[zot] ${line}\n`).join("");
    this.#enqueue(encoder.encode(lines));
  }

  /** Like note, but rate-limited: for reports about bad input from the extension. */
  diagnostic(text: string): void {
    const now = Date.now();
    const refill = Math.floor(((now - this.#refilledAt) / 1000) * DIAGNOSTICS_PER_SECOND);
    if (refill > 0) {
      this.#tokens = Math.min(DIAGNOSTIC_BURST, this.#tokens + refill);
      this.#refilledAt = now;
    }
    if (this.#tokens <= 0) {
      this.#suppressed++;
      return;
    }
    this.#tokens--;
    this.#flushSuppressed();
    this.note(text);
  }

  /** Appends raw bytes (the extension's stderr); resolves when written, for backpressure. */
  raw(bytes: Uint8Array): Promise<void> {
    this.#enqueue(bytes);
    return this.flush();
  }

  /** Resolves when everything queued so far is written. */
  flush(): Promise<void> {
    return this.#writing ?? Promise.resolve();
  }

  /** Writes what is queued and closes the file; later writes are dropped. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#flushSuppressed();
    this.#closed = true;
    await this.flush();
    try {
      this.#file?.close();
    } catch {
      // already closed
    }
    this.#file = undefined;
  }

  #flushSuppressed(): void {
    if (this.#suppressed === 0) return;
    const count = this.#suppressed;
    this.#suppressed = 0;
    this.note(`(${count} similar diagnostics suppressed)`);
  }

  #enqueue(bytes: Uint8Array): void {
    if (this.#closed || !this.#file) return;
    this.#queued.push(bytes);
    this.#writing ??= this.#drain();
  }

  async #drain(): Promise<void> {
    while (this.#queued.length > 0) {
      const batch = concat(this.#queued);
      this.#queued = [];
      try {
        let written = 0;
        while (written < batch.length) {
          // Past the cap the log rotates, mid-batch if need be, so no file outgrows it.
          if (this.#size >= this.#maxBytes) await this.#rotate();
          const file = this.#file;
          if (!file) break;
          const room = Math.max(1, this.#maxBytes - this.#size);
          const n = await file.write(batch.subarray(written, written + room));
          written += n;
          this.#size += n;
        }
      } catch {
        // A full disk or a closed file must not break the extension; the bytes are lost.
      }
    }
    this.#writing = undefined;
  }

  // Keeps one previous generation: the log moves to `<log>.1` and a fresh one starts.
  async #rotate(): Promise<void> {
    const path = this.path;
    if (!path) return;
    try {
      this.#file?.close();
      this.#file = undefined;
      await Deno.rename(path, `${path}.1`);
      this.#file = await Deno.open(path, { append: true, create: true, mode: 0o644 });
      const line = `[zot] log rotated at ${new Date().toISOString()} (over ` +
        `${this.#maxBytes} bytes); the previous part is ${path}.1\n`;
      const bytes = encoder.encode(line);
      await this.#file.write(bytes);
      this.#size = bytes.length;
    } catch {
      // Without a file the log is a sink; the extension keeps running.
      this.#file = undefined;
    }
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  let size = 0;
  for (const part of parts) size += part.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
