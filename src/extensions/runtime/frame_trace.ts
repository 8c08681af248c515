/**
 * `zot --ext-trace FILE`: every frame between zot and its extensions, in and out, one
 * JSON object per line with a timestamp, for authors debugging their extension:
 *
 *   {"time":"2026-…Z","ext":"weather","dir":"out","frame":{"type":"tool_call",…}}
 *   {"time":"2026-…Z","ext":"weather","dir":"in","line":"not json"}
 *
 * A line that is not JSON is kept as `line`; an oversized one as `oversized` (its size).
 * Writes are queued in order; a trace that cannot be written stops quietly.
 */

const encoder = new TextEncoder();

/** Which way a frame went. */
export type TraceDirection = "in" | "out";

/** An open trace file shared by every extension of one zot run. */
export class FrameTrace {
  #file: Deno.FsFile | undefined;
  #pending: string[] = [];
  #writing: Promise<void> | undefined;

  private constructor(file: Deno.FsFile) {
    this.#file = file;
  }

  /** Opens (truncating) the trace file; throws a plain Error naming the file when it cannot. */
  static async open(path: string): Promise<FrameTrace> {
    try {
      return new FrameTrace(await Deno.open(path, { write: true, create: true, truncate: true }));
    } catch (err) {
      throw new Error(`cannot write the frame trace ${path}: ${(err as Error).message}`);
    }
  }

  /** Records one line (without its newline) an extension sent or was sent. */
  record(ext: string, dir: TraceDirection, line: string): void {
    if (!this.#file) return;
    const entry: Record<string, unknown> = { time: new Date().toISOString(), ext, dir };
    try {
      entry.frame = JSON.parse(line);
    } catch {
      entry.line = line;
    }
    this.#queue(JSON.stringify(entry));
  }

  /** Records a line dropped for its size. */
  recordOversized(ext: string, bytes: number): void {
    if (!this.#file) return;
    this.#queue(
      JSON.stringify({ time: new Date().toISOString(), ext, dir: "in", oversized: bytes }),
    );
  }

  /** Writes what is queued and closes the file. */
  async close(): Promise<void> {
    while (this.#writing) await this.#writing;
    try {
      this.#file?.close();
    } catch {
      // already closed
    }
    this.#file = undefined;
  }

  #queue(text: string): void {
    this.#pending.push(text);
    this.#writing ??= this.#drain();
  }

  async #drain(): Promise<void> {
    while (this.#pending.length > 0 && this.#file) {
      const batch = this.#pending.join("\n") + "\n";
      this.#pending = [];
      try {
        const bytes = encoder.encode(batch);
        let written = 0;
        while (written < bytes.length) written += await this.#file.write(bytes.subarray(written));
      } catch {
        this.#file = undefined;
      }
    }
    this.#writing = undefined;
  }
}
