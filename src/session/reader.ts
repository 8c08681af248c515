/**
 * Reading a session file. An unterminated last line that is not JSON (torn by a crash while
 * writing: every record is written with its newline in one write) is dropped and, when asked,
 * cut off the file so appends continue on a clean line. Every other bad line (corrupt, or
 * JSON this version cannot use) is skipped and counted but kept in the file. A file with no
 * session line at all is never changed. Nothing here throws on bad content.
 */

import { basename } from "../paths/mod.ts";
import { type Message, type Usage, zeroUsage } from "../messages/mod.ts";
import { decodeLine } from "./decode.ts";
import type { SessionLine, SessionMeta } from "./types.ts";

/** Everything a session file holds, as read. */
export interface SessionFileContents {
  meta: SessionMeta | undefined;
  /** Messages in file order (not yet tool-pair repaired). */
  messages: Message[];
  /** Running usage total from the last usage line. */
  cumulative: Usage;
  /** Lines skipped: corrupt ones (other than a torn last line) and JSON this version cannot use. */
  skipped: number;
  /** Bytes of a torn (unterminated, not JSON) last line, cut off the file by a repair. */
  droppedTailBytes: number;
  /** Lines that decoded as session records; 0 for a file that is not a session at all. */
  sessionLines: number;
  /** Size of the file as read. */
  bytes: number;
}

/** Options for readSessionFile. */
export interface ReadSessionOptions {
  /**
   * Cut a torn last line off the file (and end an unterminated last line with \n); only done
   * when the file holds at least one session line.
   */
  repair?: boolean;
}

/** Reads and decodes a session file. */
export async function readSessionFile(
  path: string,
  options: ReadSessionOptions = {},
): Promise<SessionFileContents> {
  const bytes = await Deno.readFile(path);
  const decoder = new TextDecoder();
  const result: SessionFileContents = {
    meta: undefined,
    messages: [],
    cumulative: zeroUsage(),
    skipped: 0,
    droppedTailBytes: 0,
    sessionLines: 0,
    bytes: bytes.length,
  };
  let tornAt = -1;
  let start = 0;
  while (start < bytes.length) {
    const nl = bytes.indexOf(10, start);
    const end = nl === -1 ? bytes.length : nl + 1;
    const text = decoder.decode(bytes.subarray(start, nl === -1 ? bytes.length : nl));
    if (text.trim() !== "") {
      const decoded = decodeLine(text);
      if (decoded.kind === "corrupt" && nl === -1) tornAt = start;
      else if (decoded.kind !== "line") result.skipped++;
      else {
        result.sessionLines++;
        apply(result, decoded.line);
      }
    }
    start = end;
  }
  result.droppedTailBytes = tornAt === -1 ? 0 : bytes.length - tornAt;
  if (options.repair && result.sessionLines > 0) {
    if (tornAt !== -1) await Deno.truncate(path, tornAt);
    else if (bytes[bytes.length - 1] !== 10) {
      await Deno.writeFile(path, new Uint8Array([10]), { append: true });
    }
  }
  return result;
}

function apply(result: SessionFileContents, line: SessionLine): void {
  switch (line.type) {
    case "meta":
      result.meta = result.meta ? { ...result.meta, ...line.meta } : line.meta;
      break;
    case "message":
      result.messages.push(line.message);
      break;
    case "usage":
      result.cumulative = line.cumulative;
      break;
    case "rename":
      if (result.meta) result.meta = { ...result.meta, title: line.title };
      break;
  }
}

/** The id encoded in a session file name, for files that lost their meta line. */
export function idFromFileName(path: string): string {
  const match = /-([0-9a-f]{8})\.jsonl$/.exec(basename(path));
  return match ? match[1] : basename(path).replace(/\.jsonl$/, "");
}
