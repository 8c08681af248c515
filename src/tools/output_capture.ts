/**
 * Bounded capture of a command's output: everything while it is small; past the caps only
 * the head and the tail stay in memory, and the complete stream goes to a temp log file.
 */

import { cutUtf8 } from "./files.ts";

/** Caps for one capture. */
export interface CaptureLimits {
  /** Bytes kept from the start once output is over maxBytes. */
  headBytes: number;
  /** Bytes kept from the end once output is over maxBytes. */
  tailBytes: number;
  /** Output up to this many bytes is returned whole (when also under maxLines). */
  maxBytes: number;
  /** Output up to this many lines is returned whole (when also under maxBytes). */
  maxLines: number;
}

/** What a finished capture holds. */
export interface CaptureResult {
  text: string;
  totalBytes: number;
  totalLines: number;
  truncated: boolean;
  /** Complete output, written when the output went over a cap. */
  logPath?: string;
  /** Why the complete output could not be saved, if it could not. */
  logError?: string;
}

/** Default caps: 25 KiB head + 25 KiB tail, 2000 lines. */
export const DEFAULT_CAPTURE_LIMITS: CaptureLimits = {
  headBytes: 25 * 1024,
  tailBytes: 25 * 1024,
  maxBytes: 50 * 1024,
  maxLines: 2000,
};

/** Collects output chunks in arrival order; push is synchronous, finish flushes the log. */
export class OutputCapture {
  #limits: CaptureLimits;
  #all: Uint8Array[] | null = [];
  #head: Uint8Array;
  #headUsed = 0;
  #tail: Uint8Array[] = [];
  #tailSize = 0;
  #bytes = 0;
  #newlines = 0;
  #lastByte = -1;
  #log: Promise<Deno.FsFile | undefined> | undefined;
  #logPath: string | undefined;
  #logError: string | undefined;

  constructor(limits: CaptureLimits = DEFAULT_CAPTURE_LIMITS) {
    this.#limits = limits;
    this.#head = new Uint8Array(limits.headBytes);
  }

  /** Adds a chunk of output. */
  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.#bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.#newlines++;
    this.#lastByte = chunk[chunk.length - 1];
    if (this.#headUsed < this.#head.length) {
      const part = chunk.subarray(0, this.#head.length - this.#headUsed);
      this.#head.set(part, this.#headUsed);
      this.#headUsed += part.length;
    }
    this.#tail.push(chunk);
    this.#tailSize += chunk.length;
    while (
      this.#tail.length > 1 && this.#tailSize - this.#tail[0].length >= this.#limits.tailBytes
    ) {
      this.#tailSize -= this.#tail.shift()!.length;
    }
    this.#all?.push(chunk);
    if (this.#log) {
      this.#appendLog(chunk);
    } else if (this.#bytes > this.#limits.maxBytes || this.#lines() > this.#limits.maxLines) {
      this.#startLog();
    }
    if (this.#log && this.#bytes > this.#limits.headBytes + this.#limits.tailBytes) {
      this.#all = null;
    }
  }

  /** Waits for the log to be written and returns what to show. */
  async finish(): Promise<CaptureResult> {
    const file = await this.#log;
    file?.close();
    const base = {
      totalBytes: this.#bytes,
      totalLines: this.#lines(),
      logPath: this.#logPath,
      logError: this.#logError,
    };
    const decoder = new TextDecoder();
    const half = Math.floor(this.#limits.maxLines / 2);
    if (this.#all) {
      const text = decoder.decode(concat(this.#all));
      if (!this.#log) return { ...base, text, truncated: false };
      const lines = text.split("\n");
      if (text.endsWith("\n")) lines.pop();
      return {
        ...base,
        truncated: true,
        text: [...lines.slice(0, half), this.#marker(half, half), ...lines.slice(-half)].join("\n"),
      };
    }
    let head = decoder.decode(cutUtf8(this.#head, this.#head.length));
    const headCut = head.lastIndexOf("\n");
    if (headCut > head.length / 2) head = head.slice(0, headCut);
    let headLines = head.split("\n");
    if (headLines.length > half) headLines = headLines.slice(0, half);

    const tailBytes = concat(this.#tail);
    let from = Math.max(0, tailBytes.length - this.#limits.tailBytes);
    while (from < tailBytes.length && (tailBytes[from] & 0xc0) === 0x80) from++;
    let tail = decoder.decode(tailBytes.subarray(from));
    const tailCut = tail.indexOf("\n");
    if (tailCut !== -1 && tailCut < tail.length / 2) tail = tail.slice(tailCut + 1);
    if (tail.endsWith("\n")) tail = tail.slice(0, -1);
    let tailLines = tail.split("\n");
    if (tailLines.length > half) tailLines = tailLines.slice(-half);
    return {
      ...base,
      truncated: true,
      text: [...headLines, this.#marker(headLines.length, tailLines.length), ...tailLines]
        .join("\n"),
    };
  }

  #lines(): number {
    return this.#lastByte === -1 || this.#lastByte === 10 ? this.#newlines : this.#newlines + 1;
  }

  #marker(headLines: number, tailLines: number): string {
    const where = this.#logPath
      ? `full output: ${this.#logPath}`
      : `full output could not be saved: ${this.#logError}`;
    return `... [output truncated: showing the first ${headLines} and last ${tailLines} of ` +
      `${this.#lines()} lines (${kib(this.#bytes)} total); ${where}] ...`;
  }

  #startLog(): void {
    const earlier = this.#all ? concat(this.#all) : undefined;
    this.#log = Deno.makeTempFile({ prefix: "zot-bash-", suffix: ".log" }).then(async (path) => {
      this.#logPath = path;
      const file = await Deno.open(path, { write: true, append: true });
      if (earlier) await writeAll(file, earlier);
      return file;
    }).catch((err) => {
      this.#logError = err instanceof Error ? err.message : String(err);
      return undefined;
    });
  }

  #appendLog(chunk: Uint8Array): void {
    this.#log = this.#log!.then(async (file) => {
      if (!file) return undefined;
      try {
        await writeAll(file, chunk);
        return file;
      } catch (err) {
        this.#logError = err instanceof Error ? err.message : String(err);
        file.close();
        return undefined;
      }
    });
  }
}

async function writeAll(file: Deno.FsFile, data: Uint8Array): Promise<void> {
  let written = 0;
  while (written < data.length) written += await file.write(data.subarray(written));
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

function kib(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KiB`;
}
