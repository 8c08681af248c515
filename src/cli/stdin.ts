/** Reading the prompt or a picker answer from stdin. */

/** A line reader over stdin that reads no further than it has to. */
export class StdinLines {
  #reader?: ReadableStreamDefaultReader<string>;
  #buffer = "";
  #ended = false;

  #open(): ReadableStreamDefaultReader<string> {
    this.#reader ??= Deno.stdin.readable.pipeThrough(new TextDecoderStream()).getReader();
    return this.#reader;
  }

  /** The next line without its newline; undefined at end of input. */
  async readLine(): Promise<string | undefined> {
    while (!this.#buffer.includes("\n") && !this.#ended) {
      const { value, done } = await this.#open().read();
      if (done) this.#ended = true;
      else this.#buffer += value;
    }
    if (this.#buffer === "" && this.#ended) return undefined;
    const nl = this.#buffer.indexOf("\n");
    const line = nl >= 0 ? this.#buffer.slice(0, nl) : this.#buffer;
    this.#buffer = nl >= 0 ? this.#buffer.slice(nl + 1) : "";
    return line;
  }

  /** Everything left, up to end of input. */
  async readAll(): Promise<string> {
    while (!this.#ended) {
      const { value, done } = await this.#open().read();
      if (done) this.#ended = true;
      else this.#buffer += value;
    }
    const all = this.#buffer;
    this.#buffer = "";
    return all;
  }

  /** Releases stdin (so the process can exit while stdin stays open). */
  async close(): Promise<void> {
    if (!this.#reader) return;
    await this.#reader.cancel().catch(() => {});
    this.#reader = undefined;
  }

  /** The raw stdin stream for rpc, when nothing has read from it yet. */
  stream(): ReadableStream<Uint8Array> {
    return Deno.stdin.readable;
  }
}
