/** SHA-256 of release assets and the `SHA256SUMS` file format (`sha256sum` compatible). */

/** The lowercase hex SHA-256 of some bytes. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Writes `<hash>  <name>` lines, sorted by name, as `sha256sum` prints them. */
export function formatSums(sums: ReadonlyMap<string, string>): string {
  return [...sums].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)
    .map(([name, hash]) => `${hash}  ${name}\n`).join("");
}

/** Reads a SHA256SUMS text into name → hash; lines that are not `<64 hex> [ *]<name>` are skipped. */
export function parseSums(text: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^([0-9a-fA-F]{64}) [ *](.+)$/.exec(line.trim());
    if (match) sums.set(match[2], match[1].toLowerCase());
  }
  return sums;
}
