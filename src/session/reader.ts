/**
 * Reading a session file. A tail that is not JSON (torn by a crash while writing) is dropped
 * and, when asked, cut off the file so appends continue on a clean line; corrupt lines in
 * the middle, and JSON lines this version cannot use, are skipped and counted but kept in
 * the file. Nothing here throws on bad content.
 */

import { basename } from "node:path";
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
  /** Lines skipped: corrupt ones before the end, and JSON this version cannot use. */
  skipped: number;
  /** Bytes cut from the end because the last line(s) were torn or corrupt. */
  droppedTailBytes: number;
}

/** Options for readSessionFile. */
export interface ReadSessionOptions {
  /** Truncate a bad tail off the file (and end a good unterminated last line with \n). */
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
  };
  let goodEnd = 0;
  let badSinceGood = 0;
  let unterminatedGood = false;
  let start = 0;
  while (start < bytes.length) {
    const nl = bytes.indexOf(10, start);
    const end = nl === -1 ? bytes.length : nl + 1;
    const text = decoder.decode(bytes.subarray(start, nl === -1 ? bytes.length : nl));
    if (text.trim() === "") {
      if (badSinceGood === 0) goodEnd = end;
    } else {
      const decoded = decodeLine(text);
      if (decoded.kind === "corrupt") {
        badSinceGood++;
      } else {
        result.skipped += badSinceGood + (decoded.kind === "unusable" ? 1 : 0);
        badSinceGood = 0;
        goodEnd = end;
        unterminatedGood = nl === -1;
        if (decoded.kind === "line") apply(result, decoded.line);
      }
    }
    start = end;
  }
  result.droppedTailBytes = bytes.length - goodEnd;
  if (options.repair) {
    if (result.droppedTailBytes > 0) await Deno.truncate(path, goodEnd);
    if (unterminatedGood && result.droppedTailBytes === 0) {
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
