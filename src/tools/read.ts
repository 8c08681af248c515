/** The `read` tool: a text file with line numbers (windowed, capped), or an image. */

import { extname } from "../paths/mod.ts";
import type { ImageBlock, TextBlock } from "../messages/mod.ts";
import { defineTool, fail } from "./args.ts";
import { cutUtf8, displayPath, statOrUndefined } from "./files.ts";
import { jailedPath } from "./jail.ts";
import type { Tool, ToolOutput } from "./types.ts";

/** Most lines one read returns. */
export const READ_MAX_LINES = 2000;
/** Most bytes of file text one read returns. */
export const READ_MAX_BYTES = 50 * 1024;
/** Largest image read returns (providers reject bigger ones anyway). */
export const READ_MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const BINARY_SNIFF_BYTES = 8 * 1024;

const IMAGE_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
};

interface ReadArgs {
  path: string;
  offset: number;
  limit?: number;
}

/** Builds the read tool. */
export function readTool(): Tool {
  return defineTool<ReadArgs>({
    spec: {
      name: "read",
      description: "Read a file. Text comes back with line numbers (`<n>\\t<line>`; the number " +
        "and tab are not part of the file), at most 2000 lines or 50 KiB per call; use offset " +
        "and limit to page through longer files. .png/.jpg/.jpeg/.gif/.webp files come back " +
        "as images. Relative paths resolve against the working directory.",
      schema: {
        type: "object",
        properties: {
          path: { type: "string", description: "File to read (relative to the cwd, or absolute)" },
          offset: { type: "integer", minimum: 1, description: "First line to read, 1-based" },
          limit: { type: "integer", minimum: 1, description: "Number of lines to read" },
        },
        required: ["path"],
      },
    },
    decode: (args) => {
      const path = args.path as string;
      if (path.trim() === "") fail("read", "path is empty; pass the file to read");
      return {
        path,
        offset: (args.offset as number | undefined) ?? 1,
        limit: args.limit as number,
      };
    },
    run: async (args, context) => {
      const abs = await jailedPath("read", context, args.path);
      const shown = displayPath(context.cwd, abs);
      const info = await statOrUndefined(abs);
      if (!info) {
        fail(
          "read",
          `file not found: ${abs}; check the path (relative paths resolve against ${context.cwd})`,
        );
      }
      if (info.isDirectory) {
        fail(
          "read",
          `${shown} is a directory, not a file; list it with bash (e.g. ls -la ${shown})`,
        );
      }
      const mime = IMAGE_TYPES[extname(abs).toLowerCase()];
      if (mime) return await readImage(abs, shown, mime, info.size);
      return await readText(abs, shown, args);
    },
  });
}

async function readImage(
  abs: string,
  shown: string,
  mime: string,
  size: number,
): Promise<ToolOutput> {
  if (size > READ_MAX_IMAGE_BYTES) {
    fail(
      "read",
      `image ${shown} is ${mib(size)}, over the ${mib(READ_MAX_IMAGE_BYTES)} limit; ` +
        `shrink it first (e.g. with bash: convert in.png -resize 50% out.png)`,
    );
  }
  const bytes = await Deno.readFile(abs);
  const text: TextBlock = { type: "text", text: `image ${shown} (${mime}, ${bytes.length} bytes)` };
  const image: ImageBlock = {
    type: "image",
    mimeType: mime,
    // Uint8Array's own base64 (not node:buffer, whose Node layer a run would otherwise load).
    data: bytes.toBase64(),
  };
  return {
    content: [text, image],
    isError: false,
    details: { path: abs, mimeType: mime, bytes: bytes.length },
  };
}

interface Window {
  lines: string[];
  bytes: number;
  /** Why collection stopped early, if it did. */
  stop?: "lines" | "bytes" | "limit";
  /** The first line alone was over the byte cap and was cut. */
  cutLine: boolean;
}

async function readText(abs: string, shown: string, args: ReadArgs): Promise<ToolOutput> {
  const { window, total } = await scanLines(abs, shown, args);
  if (total === 0) {
    return textResult(`(${shown} is empty)`, abs, args.offset, 0, 0, window);
  }
  if (args.offset > total) {
    fail(
      "read",
      `offset ${args.offset} is past the end of ${shown} (${total} lines); use an offset from 1 to ${total}`,
    );
  }
  const last = args.offset + window.lines.length - 1;
  const body = window.lines.map((line, i) => `${String(args.offset + i).padStart(6)}\t${line}`);
  if (window.cutLine) {
    body.push(
      `... [line ${args.offset} is longer than ${READ_MAX_BYTES} bytes and was cut; read it in pieces with bash (e.g. cut -c1-20000 ${shown})]`,
    );
  }
  if (last < total) {
    const next = `call read with offset=${last + 1} to continue`;
    if (window.stop === "limit") {
      body.push(`... [showing lines ${args.offset}-${last} of ${total}; ${next}]`);
    } else if (window.stop === "bytes") {
      body.push(
        `... [truncated at line ${last} of ${total} (${READ_MAX_BYTES / 1024} KiB limit); ${next}]`,
      );
    } else body.push(`... [truncated at line ${last} of ${total}; ${next}]`);
  }
  return textResult(body.join("\n"), abs, args.offset, last, total, window);
}

/**
 * Streams the file once: refuses binary content, collects the asked-for window of lines and
 * counts all lines, without holding more than the window (and one capped line) in memory.
 */
async function scanLines(
  abs: string,
  shown: string,
  args: ReadArgs,
): Promise<{ window: Window; total: number }> {
  const maxLines = Math.min(args.limit ?? READ_MAX_LINES, READ_MAX_LINES);
  const window: Window = { lines: [], bytes: 0, cutLine: false };
  const decoder = new TextDecoder();
  let lineNo = 1;
  let pieces: Uint8Array[] = [];
  let pieceBytes = 0;
  let sniffed = 0;
  let collecting = true;

  const wanted = () => collecting && lineNo >= args.offset;
  const endLine = () => {
    if (wanted()) collect(window, joinBytes(pieces, pieceBytes), pieceBytes, decoder);
    if (wanted() && window.stop === undefined && window.lines.length >= maxLines) {
      window.stop = args.limit !== undefined && args.limit <= READ_MAX_LINES ? "limit" : "lines";
    }
    if (window.stop !== undefined) collecting = false;
    pieces = [];
    pieceBytes = 0;
    lineNo++;
  };

  using file = await Deno.open(abs, { read: true });
  const buffer = new Uint8Array(64 * 1024);
  let lastByte = -1;
  while (true) {
    const n = await file.read(buffer);
    if (n === null) break;
    const chunk = buffer.subarray(0, n);
    if (sniffed < BINARY_SNIFF_BYTES) {
      const head = chunk.subarray(0, BINARY_SNIFF_BYTES - sniffed);
      if (head.includes(0)) {
        fail(
          "read",
          `${shown} looks binary (NUL byte in the first 8 KiB); inspect it with bash (e.g. file ${shown}, xxd ${shown} | head)`,
        );
      }
      sniffed += head.length;
    }
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      if (wanted()) keep(chunk.subarray(start, nl));
      endLine();
      start = nl + 1;
    }
    if (start < n && wanted()) keep(chunk.subarray(start));
    lastByte = chunk[n - 1];
  }
  const total = lastByte === -1 ? 0 : lastByte === 10 ? lineNo - 1 : lineNo;
  if (lastByte !== -1 && lastByte !== 10) endLine();

  function keep(part: Uint8Array) {
    // A single huge line would otherwise be buffered whole just to be cut at the cap.
    if (pieceBytes > READ_MAX_BYTES) return;
    pieces.push(part.slice());
    pieceBytes += part.length;
  }

  return { window, total };
}

function collect(window: Window, bytes: Uint8Array, length: number, decoder: TextDecoder): void {
  const cost = length + 1;
  if (window.bytes + cost > READ_MAX_BYTES) {
    if (window.lines.length === 0) {
      window.lines.push(stripCr(decoder.decode(cutUtf8(bytes, READ_MAX_BYTES))));
      window.bytes = READ_MAX_BYTES;
      window.cutLine = true;
    }
    window.stop = "bytes";
    return;
  }
  window.lines.push(stripCr(decoder.decode(bytes)));
  window.bytes += cost;
}

function textResult(
  text: string,
  abs: string,
  startLine: number,
  endLine: number,
  totalLines: number,
  window: Window,
): ToolOutput {
  return {
    content: [{ type: "text", text }],
    isError: false,
    details: {
      path: abs,
      startLine,
      endLine,
      totalLines,
      linesTruncated: window.stop === "lines" && endLine < totalLines,
      bytesTruncated: (window.stop === "bytes" && endLine < totalLines) || window.cutLine,
    },
  };
}

function joinBytes(pieces: Uint8Array[], length: number): Uint8Array {
  if (pieces.length === 1) return pieces[0];
  const out = new Uint8Array(length);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece.subarray(0, Math.min(piece.length, length - at)), at);
    at += piece.length;
    if (at >= length) break;
  }
  return out;
}

function stripCr(line: string): string {
  return line.endsWith("\r") ? line.slice(0, -1) : line;
}

function mib(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
