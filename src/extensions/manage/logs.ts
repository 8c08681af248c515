/**
 * `zot ext logs`: print an extension's stderr log, or follow it like `tail -F` in plain Deno
 * (upstream exec'd `tail`, which Windows lacks).
 */

import type { ZotPaths } from "../../config/mod.ts";
import { UsageError, ZotError } from "../../errors/mod.ts";
import { extensionLogFile, extensionNameProblem } from "../manifest/mod.ts";
import { sleep } from "../../timing/mod.ts";

/** Receives log text; throwing (e.g. a closed stdout) stops printing. */
export type LogWriter = (text: string) => void;

/** Options for followLog. */
export interface FollowOptions {
  /** Stops following; followLog then resolves. */
  signal?: AbortSignal;
  /** How often to look for new bytes, in ms (default 200). */
  intervalMs?: number;
}

const CHUNK = 64 * 1024;

/** The log file of extension `name`; an unsafe name is a UsageError, never a path. */
export function logFileFor(paths: ZotPaths, name: string): string {
  const problem = extensionNameProblem(name);
  if (problem) throw new UsageError(`invalid extension name: ${problem}`);
  return extensionLogFile(paths, name);
}

function noLog(name: string, path: string): ZotError {
  return new ZotError(
    "ext_no_log",
    `no log for extension "${name}" yet; it is written when zot starts the extension`,
    1,
    { hint: `expected at ${path}` },
  );
}

async function openLog(name: string, path: string): Promise<Deno.FsFile> {
  try {
    return await Deno.open(path, { read: true });
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) throw noLog(name, path);
    throw new ZotError("ext_log_unreadable", `cannot read ${path}`, 1, { cause: err });
  }
}

/** Copies from the file's current position to its end; returns the number of bytes read. */
async function drain(file: Deno.FsFile, decoder: TextDecoder, write: LogWriter): Promise<number> {
  const buffer = new Uint8Array(CHUNK);
  let total = 0;
  for (;;) {
    const n = await file.read(buffer);
    if (n === null || n === 0) break;
    total += n;
    const text = decoder.decode(buffer.subarray(0, n), { stream: true });
    if (text) write(text);
  }
  return total;
}

/** Prints the whole log of extension `name`. */
export async function printLog(name: string, path: string, write: LogWriter): Promise<void> {
  using file = await openLog(name, path);
  const decoder = new TextDecoder();
  try {
    await drain(file, decoder, write);
    const rest = decoder.decode();
    if (rest) write(rest);
  } catch (err) {
    // `zot ext logs x | head` closes stdout early; that is not an error.
    if (!(err instanceof Deno.errors.BrokenPipe)) throw err;
  }
}

/**
 * Prints the log, then keeps printing what is appended until the signal aborts or `write`
 * throws (stdout closed). A truncated or replaced (rotated) file is read again from the start.
 */
export async function followLog(
  name: string,
  path: string,
  write: LogWriter,
  options: FollowOptions = {},
): Promise<void> {
  const interval = options.intervalMs ?? 200;
  let file = await openLog(name, path);
  try {
    let decoder = new TextDecoder();
    let position = 0;
    let identity = fileIdentity(await file.stat());
    for (;;) {
      try {
        position += await drain(file, decoder, write);
      } catch (err) {
        if (err instanceof Deno.errors.BrokenPipe) return;
        throw err;
      }
      if (!await sleep(interval, options.signal)) return;
      const current = await Deno.stat(path).catch(() => undefined);
      if (!current) continue; // Moved away mid-rotation; the new file shows up on a later tick.
      if (fileIdentity(current) !== identity) {
        const reopened = await Deno.open(path, { read: true }).catch(() => undefined);
        if (!reopened) continue;
        file.close();
        file = reopened;
        identity = fileIdentity(current);
        decoder = new TextDecoder();
        position = 0;
      } else if (current.size < position) {
        await file.seek(0, Deno.SeekMode.Start);
        decoder = new TextDecoder();
        position = 0;
      }
    }
  } finally {
    file.close();
  }
}

function fileIdentity(info: Deno.FileInfo): string {
  return `${info.dev}:${info.ino}`;
}
