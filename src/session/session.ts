/**
 * An open session file. Each record is written as one line with one write the moment it is
 * appended (no user-space buffering), in call order, so a crash loses at most the line
 * being written. A session created by this run that never got a message is deleted on close.
 */

import { basename, dirname, join } from "../paths/mod.ts";
import { ZotError } from "../errors/mod.ts";
import { type Message, type Usage, zeroUsage } from "../messages/mod.ts";
import type { SessionLine, SessionMeta } from "./types.ts";

/** What open() found while loading, for the UI to mention. */
export interface LoadReport {
  /** Corrupt lines skipped in the middle of the file. */
  skippedLines: number;
  /** Bytes of a torn last line cut off the file. */
  droppedTailBytes: number;
  /** Tool calls given an "aborted" result stub. */
  stubbedResults: number;
  /** Tool results dropped because no call asked for them. */
  orphanedResults: number;
}

const encoder = new TextEncoder();

/** A session being recorded; implements the agent's SessionSink. */
export class Session {
  /** The session file. */
  readonly path: string;
  /** Messages that were in the file when it was opened, repaired for providers. */
  readonly loaded: readonly Message[];
  /** What loading repaired or skipped (all zero for a new session). */
  readonly report: LoadReport;
  #meta: SessionMeta;
  #cumulative: Usage;
  #file: Deno.FsFile | undefined;
  #queue: Promise<void> = Promise.resolve();
  #messageCount: number;
  #failure: unknown;
  #closed = false;
  #fresh: boolean;

  /** Used by SessionStore; file is open for appending. */
  constructor(init: {
    path: string;
    file: Deno.FsFile;
    meta: SessionMeta;
    loaded: readonly Message[];
    cumulative: Usage;
    /** Created by this run (not reopened): only then is an empty one deleted on close. */
    fresh: boolean;
    report: LoadReport;
  }) {
    this.path = init.path;
    this.#file = init.file;
    this.#meta = init.meta;
    this.loaded = init.loaded;
    this.#cumulative = init.cumulative;
    this.report = init.report;
    this.#messageCount = init.loaded.length;
    this.#fresh = init.fresh;
  }

  /** The session's meta (the latest one appended). */
  get meta(): SessionMeta {
    return { ...this.#meta };
  }

  /** Session id. */
  get id(): string {
    return this.#meta.id;
  }

  /** Usage total so far (seeded from the file on open). */
  get cumulative(): Usage {
    return { ...this.#cumulative };
  }

  /** Messages recorded in the file, loaded ones included. */
  get messageCount(): number {
    return this.#messageCount;
  }

  /** Records one message as one line. */
  append(message: Message): Promise<void> {
    return this.#write([{ type: "message", message }], () => this.#messageCount++);
  }

  /** Records the usage of one model call and the running total after it. */
  appendUsage(usage: Usage, cumulative: Usage): Promise<void> {
    return this.#write([{ type: "usage", usage, cumulative }], () => {
      this.#cumulative = { ...cumulative };
    });
  }

  /** Re-appends meta with changes (model switch, title); on load the last meta wins. */
  updateMeta(patch: Partial<Omit<SessionMeta, "id" | "started" | "cwd">>): Promise<void> {
    const meta = { ...this.#meta, ...patch };
    return this.#write([{ type: "meta", meta }], () => {
      this.#meta = meta;
    });
  }

  /**
   * Replaces the transcript (after compaction): meta, the messages and the usage total are
   * written to a temp file that is renamed over the session, so a crash keeps one or the other.
   */
  rewrite(messages: readonly Message[]): Promise<void> {
    return this.#enqueue(async () => {
      const lines: SessionLine[] = [{ type: "meta", meta: this.#meta }];
      for (const message of messages) lines.push({ type: "message", message });
      lines.push({ type: "usage", usage: zeroUsage(), cumulative: this.#cumulative });
      const temp = join(dirname(this.path), `.${basename(this.path)}.rewrite.tmp`);
      await Deno.writeFile(temp, encodeLines(lines));
      this.#file?.close();
      this.#file = undefined;
      try {
        await Deno.rename(temp, this.path);
      } catch (err) {
        await Deno.remove(temp).catch(() => {});
        throw err;
      } finally {
        this.#file = await Deno.open(this.path, { append: true });
      }
      this.#messageCount = messages.length;
    });
  }

  /**
   * Waits for pending writes and closes. A new session with no messages is deleted; a
   * reopened file never is (it may hold lines this version cannot read).
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#queue.catch(() => {});
    this.#file?.close();
    this.#file = undefined;
    if (this.#fresh && this.#messageCount === 0) await Deno.remove(this.path).catch(() => {});
  }

  #write(lines: SessionLine[], after: () => void): Promise<void> {
    const data = encodeLines(lines);
    return this.#enqueue(async () => {
      await writeAll(this.#file!, data);
      after();
    });
  }

  #enqueue(job: () => Promise<void>): Promise<void> {
    if (this.#closed) {
      return Promise.reject(
        new ZotError("session_closed", `session ${this.path} is closed; open it again to append`),
      );
    }
    const run = this.#queue.then(async () => {
      if (this.#failure !== undefined) {
        throw new ZotError(
          "session_write_failed",
          `session ${this.path} stopped recording after a failed write`,
          1,
          { cause: this.#failure },
        );
      }
      try {
        await job();
      } catch (err) {
        // A half-written line would glue itself to the next one; refuse further writes.
        this.#failure = err;
        throw err;
      }
    });
    this.#queue = run.catch(() => {});
    return run;
  }
}

/** Serialises lines as JSONL. */
export function encodeLines(lines: readonly SessionLine[]): Uint8Array {
  return encoder.encode(lines.map((line) => JSON.stringify(line) + "\n").join(""));
}

async function writeAll(file: Deno.FsFile, data: Uint8Array): Promise<void> {
  let written = 0;
  while (written < data.length) written += await file.write(data.subarray(written));
}
