/**
 * File paths, as Node's `path` computes them for this OS: ours on POSIX (posix.ts), so a
 * run that starts no extension never starts Deno's Node layer, and `node:path` on Windows,
 * whose drive letters and UNC names are not worth redoing. A leaf any folder may use.
 */

import * as posix from "./posix.ts";

/** The path functions zot uses; `node:path` and posix.ts both have this shape. */
interface PathApi {
  sep: string;
  delimiter: string;
  isAbsolute(path: string): boolean;
  normalize(path: string): string;
  join(...paths: string[]): string;
  resolve(...paths: string[]): string;
  relative(from: string, to: string): string;
  dirname(path: string): string;
  basename(path: string): string;
  extname(path: string): string;
}

// A literal `import()`, so `deno compile` and the bundle carry it; it runs only on Windows.
const api: PathApi = Deno.build.os === "windows" ? await import("node:path") : posix;

export const {
  sep,
  delimiter,
  isAbsolute,
  normalize,
  join,
  resolve,
  relative,
  dirname,
  basename,
  extname,
} = api;
