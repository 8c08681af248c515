/** Where session files live: `<sessions>/<cwd hash>/<UTC stamp>-<8 hex>.jsonl`. */

import { join, resolve } from "../paths/mod.ts";

/** First 16 hex digits of sha256(absolute cwd): the per-project session folder name. */
export async function cwdHash(cwd: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(resolve(cwd)));
  return [...new Uint8Array(digest).subarray(0, 8)]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
}

/** The session folder for a working directory. */
export async function sessionDir(root: string, cwd: string): Promise<string> {
  return join(root, await cwdHash(cwd));
}

/** `YYYYMMDD-HHMMSS-<first 8 hex of id>.jsonl`, in UTC. */
export function sessionFileName(started: Date, id: string): string {
  const p = (n: number) => String(n).padStart(2, "0");
  const stamp =
    `${started.getUTCFullYear()}${p(started.getUTCMonth() + 1)}${p(started.getUTCDate())}` +
    `-${p(started.getUTCHours())}${p(started.getUTCMinutes())}${p(started.getUTCSeconds())}`;
  return `${stamp}-${id.replace(/-/g, "").slice(0, 8)}.jsonl`;
}
