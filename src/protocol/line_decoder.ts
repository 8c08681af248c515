/**
 * Splits a byte (or text) stream into NDJSON lines, without @std/streams.
 *
 * Rules (see docs in shared/reference/deno.md §1.2):
 * - split on `\n` only and strip one trailing `\r`; U+2028/U+2029 are ordinary
 *   characters (they are valid inside JSON strings);
 * - blank (empty or whitespace-only) lines are skipped;
 * - the partial tail is kept as a list of chunks plus a running length, so a long
 *   line costs one concatenation when it completes, not one per chunk;
 * - lines are split on bytes, and `\n` never occurs inside a multi-byte UTF-8
 *   sequence, so a character split across chunks is decoded whole;
 * - a line longer than `maxLineBytes` (not counting its `\n`) is never buffered:
 *   as soon as it passes the limit one `oversized` item is emitted, and the rest
 *   of that line up to the next `\n` is dropped as it arrives. The stream goes
 *   on with the next line, so one bad frame costs one diagnostic, not the
 *   connection.
 * - with `sampleBytes` set, the `oversized` item is emitted when the line ends instead,
 *   with its full length and its first and last `sampleBytes` bytes, so a caller can tell
 *   which request a too-large answer was for (still without buffering the line);
 * - at end of stream a non-empty unterminated tail is emitted as a line (the
 *   writer may have exited without a final newline).
 */

/** Default cap on one line: the original host's 4 MiB scanner limit. */
export const DEFAULT_MAX_LINE_BYTES = 4 * 1024 * 1024;

/** What the line decoder emits: a line, or a note that one line was too long and dropped. */
export type LineItem =
  | { kind: "line"; line: string }
  | {
    kind: "oversized";
    /** Bytes of the line seen when it passed the limit (the line was at least this long). */
    bytes: number;
    /** The limit in force. */
    limit: number;
    /** With `sampleBytes`: the line's first bytes, decoded. */
    head?: string;
    /** With `sampleBytes`: the line's last bytes, decoded. */
    tail?: string;
  };

/** Options of LineDecoderStream. */
export interface LineDecoderOptions {
  /** Longest accepted line in bytes, excluding the `\n`. Default 4 MiB. */
  maxLineBytes?: number;
  /** Report oversized lines at their end, with this many bytes of head and tail. */
  sampleBytes?: number;
}

const NEWLINE = 0x0a;
const CR = 0x0d;

/** Incremental NDJSON line splitter; usable directly or through LineDecoderStream. */
export class LineSplitter {
  readonly #max: number;
  readonly #decoder = new TextDecoder();
  readonly #encoder = new TextEncoder();
  #tail: Uint8Array[] = [];
  #tailBytes = 0;
  /** True while dropping the rest of an oversized line. */
  #discarding = false;
  readonly #sample: number;
  /** While discarding with sampling: the line's length so far, head and last bytes. */
  #dropped = { bytes: 0, head: new Uint8Array(0), tail: new Uint8Array(0) };

  constructor(options: LineDecoderOptions = {}) {
    const max = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    if (!Number.isInteger(max) || max < 1) {
      throw new RangeError(`maxLineBytes must be a positive integer, got ${max}`);
    }
    this.#max = max;
    this.#sample = options.sampleBytes ?? 0;
  }

  /** Feeds one chunk; calls emit for every completed item. */
  push(chunk: Uint8Array | string, emit: (item: LineItem) => void): void {
    const bytes = typeof chunk === "string" ? this.#encoder.encode(chunk) : chunk;
    let start = 0;
    while (start < bytes.length) {
      const nl = bytes.indexOf(NEWLINE, start);
      const end = nl === -1 ? bytes.length : nl;
      if (this.#discarding) {
        if (this.#sample > 0) this.#sampleMore(bytes.subarray(start, end));
        if (nl === -1) return;
        this.#discarding = false;
        if (this.#sample > 0) this.#emitSampled(emit);
      } else if (this.#tailBytes + (end - start) > this.#max) {
        if (this.#sample > 0) {
          this.#startSample(bytes.subarray(start, end));
        } else {
          emit({ kind: "oversized", bytes: this.#tailBytes + (end - start), limit: this.#max });
        }
        this.#tail = [];
        this.#tailBytes = 0;
        if (nl === -1) {
          this.#discarding = true;
          return;
        }
        if (this.#sample > 0) this.#emitSampled(emit);
      } else if (nl === -1) {
        this.#tail.push(bytes.subarray(start));
        this.#tailBytes += bytes.length - start;
        return;
      } else {
        this.#emitLine(bytes.subarray(start, end), emit);
      }
      start = end + 1;
    }
  }

  #startSample(rest: Uint8Array): void {
    const head = new Uint8Array(Math.min(this.#sample, this.#tailBytes + rest.length));
    let offset = 0;
    for (const piece of [...this.#tail, rest]) {
      if (offset >= head.length) break;
      const take = piece.subarray(0, head.length - offset);
      head.set(take, offset);
      offset += take.length;
    }
    this.#dropped = { bytes: this.#tailBytes, head, tail: new Uint8Array(0) };
    for (const piece of this.#tail.slice(-2)) this.#sampleMore(piece, false);
    this.#sampleMore(rest);
  }

  #sampleMore(piece: Uint8Array, count = true): void {
    const d = this.#dropped;
    if (count) d.bytes += piece.length;
    if (piece.length >= this.#sample) {
      d.tail = piece.slice(piece.length - this.#sample);
    } else {
      const joined = new Uint8Array(d.tail.length + piece.length);
      joined.set(d.tail);
      joined.set(piece, d.tail.length);
      d.tail = joined.slice(Math.max(0, joined.length - this.#sample));
    }
  }

  #emitSampled(emit: (item: LineItem) => void): void {
    const d = this.#dropped;
    emit({
      kind: "oversized",
      bytes: d.bytes,
      limit: this.#max,
      head: this.#decoder.decode(d.head),
      tail: this.#decoder.decode(d.tail),
    });
    this.#dropped = { bytes: 0, head: new Uint8Array(0), tail: new Uint8Array(0) };
  }

  /** Ends the input: emits a non-empty unterminated tail. */
  flush(emit: (item: LineItem) => void): void {
    if (!this.#discarding && this.#tailBytes > 0) this.#emitLine(new Uint8Array(0), emit);
    if (this.#discarding && this.#sample > 0) this.#emitSampled(emit);
    this.#tail = [];
    this.#tailBytes = 0;
    this.#discarding = false;
  }

  #emitLine(last: Uint8Array, emit: (item: LineItem) => void): void {
    let bytes = last;
    if (this.#tailBytes > 0) {
      bytes = new Uint8Array(this.#tailBytes + last.length);
      let offset = 0;
      for (const piece of this.#tail) {
        bytes.set(piece, offset);
        offset += piece.length;
      }
      bytes.set(last, offset);
      this.#tail = [];
      this.#tailBytes = 0;
    }
    let length = bytes.length;
    if (length > 0 && bytes[length - 1] === CR) length--;
    if (length === 0) return;
    const line = this.#decoder.decode(bytes.subarray(0, length));
    if (line.trim() === "") return;
    emit({ kind: "line", line });
  }
}

/** A TransformStream from bytes (or text) to NDJSON LineItems; see the module doc for the rules. */
export class LineDecoderStream extends TransformStream<Uint8Array | string, LineItem> {
  constructor(options: LineDecoderOptions = {}) {
    const splitter = new LineSplitter(options);
    super({
      transform(chunk, controller) {
        splitter.push(chunk, (item) => controller.enqueue(item));
      },
      flush(controller) {
        splitter.flush((item) => controller.enqueue(item));
      },
    });
  }
}
