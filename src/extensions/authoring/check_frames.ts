/** Frames read from an extension under `zot ext check`, with the time each arrived. */

import { type DecodedLine, decodeLine } from "../../protocol/codec.ts";
import { type ExtensionFrame, LineDecoderStream } from "../../protocol/mod.ts";

/** One line from the extension's stdout, decoded, with its arrival time. */
export type TappedLine = (DecodedLine | { kind: "oversized"; bytes: number }) & { at: number };

/** What waiting for the next line can give. */
export type NextLine = TappedLine | "timeout" | "eof";

/** Reads an extension's stdout into a queue that a checker can wait on with deadlines. */
export class FrameTap {
  #queue: TappedLine[] = [];
  #waiter: (() => void) | undefined;
  #ended = false;
  /** Every line that was not a valid frame, in order. */
  readonly noise: TappedLine[] = [];
  /** Resolves when stdout has ended (the pump has finished). */
  readonly done: Promise<void>;

  constructor(stdout: ReadableStream<Uint8Array>, maxLineBytes?: number) {
    this.done = this.#pump(stdout, maxLineBytes);
  }

  async #pump(stdout: ReadableStream<Uint8Array>, maxLineBytes?: number): Promise<void> {
    try {
      for await (const item of stdout.pipeThrough(new LineDecoderStream({ maxLineBytes }))) {
        const at = Date.now();
        const line: TappedLine = item.kind === "line"
          ? { ...decodeLine(item.line), at }
          : { kind: "oversized", bytes: item.bytes, at };
        if (line.kind !== "frame") this.noise.push(line);
        this.#queue.push(line);
        this.#wake();
      }
    } catch {
      // A broken pipe ends the stream like EOF.
    } finally {
      this.#ended = true;
      this.#wake();
    }
  }

  #wake(): void {
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.();
  }

  /** The next line, or `timeout` when none arrives before `deadline` (epoch ms), or `eof`. */
  async next(deadline: number): Promise<NextLine> {
    while (true) {
      const line = this.#queue.shift();
      if (line) return line;
      if (this.#ended) return "eof";
      const remaining = deadline - Date.now();
      if (remaining <= 0) return "timeout";
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        this.#waiter = resolve;
        timer = setTimeout(resolve, remaining);
      });
      clearTimeout(timer);
    }
  }
}

/** Describes a line that is not a valid frame, for the report. */
export function describeNoise(line: TappedLine): string {
  switch (line.kind) {
    case "malformed":
      return line.reason;
    case "unknown_type":
      return `unknown frame type "${line.frameType}"`;
    case "invalid":
      return `${line.frameType}: ${line.reason}`;
    case "oversized":
      return `a line of over ${line.bytes} bytes`;
    case "frame":
      return line.frame.type;
  }
}

/** Waits for the first frame that matches, skipping others; `timeout` or `eof` otherwise. */
export async function waitForFrame(
  tap: FrameTap,
  deadline: number,
  match: (frame: ExtensionFrame) => boolean,
): Promise<ExtensionFrame | "timeout" | "eof"> {
  while (true) {
    const next: NextLine = await tap.next(deadline);
    if (next === "timeout" || next === "eof") return next;
    if (next.kind === "frame" && match(next.frame)) return next.frame;
  }
}
