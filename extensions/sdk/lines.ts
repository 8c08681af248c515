/** Splits a byte stream into NDJSON lines, however the bytes are chunked. */

/** The longest line the SDK accepts, as the original host and SDK do (4 MiB). */
export const MAX_LINE_LENGTH = 4 * 1024 * 1024;

/**
 * Turns chunks into complete lines. Splits on `\n` only (U+2028/2029 are legal inside JSON
 * strings), strips one trailing `\r`, skips blank lines, and drops a line longer than the
 * limit up to its newline, reporting it once instead of buffering without bound.
 */
export class LineSplitter {
  #decoder = new TextDecoder();
  #parts: string[] = [];
  #length = 0;
  #discarding = false;
  #maxLength: number;
  #onOverflow: (length: number) => void;

  /** `onOverflow` hears about each dropped over-long line. */
  constructor(maxLength = MAX_LINE_LENGTH, onOverflow: (length: number) => void = () => {}) {
    this.#maxLength = maxLength;
    this.#onOverflow = onOverflow;
  }

  /** Feeds one chunk; returns the lines it completed. */
  push(chunk: Uint8Array): string[] {
    return this.#take(this.#decoder.decode(chunk, { stream: true }));
  }

  /** Ends the stream; returns the unterminated last line, if any. */
  end(): string[] {
    const lines = this.#take(this.#decoder.decode());
    if (!this.#discarding && this.#length > 0) this.#emit(this.#parts.join(""), lines);
    this.#parts = [];
    this.#length = 0;
    return lines;
  }

  #take(text: string): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", start)) {
      const piece = text.slice(start, nl);
      start = nl + 1;
      if (this.#discarding) {
        this.#discarding = false;
      } else if (this.#length + piece.length > this.#maxLength) {
        this.#onOverflow(this.#length + piece.length);
      } else {
        this.#parts.push(piece);
        this.#emit(this.#parts.join(""), lines);
      }
      this.#parts = [];
      this.#length = 0;
    }
    const tail = text.slice(start);
    if (tail.length > 0 && !this.#discarding) {
      this.#parts.push(tail);
      this.#length += tail.length;
      if (this.#length > this.#maxLength) {
        this.#onOverflow(this.#length);
        this.#parts = [];
        this.#length = 0;
        this.#discarding = true;
      }
    }
    return lines;
  }

  #emit(line: string, into: string[]): void {
    const trimmed = line.endsWith("\r") ? line.slice(0, -1) : line;
    if (trimmed.trim().length > 0) into.push(trimmed);
  }
}
