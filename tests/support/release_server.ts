/**
 * A stand-in release on 127.0.0.1: VERSION, SHA256SUMS and one binary per asset, served the
 * way GitHub's `releases/latest/download/<asset>` serves them. The "binary" is a shell script
 * that answers `--version` like zot, so install and upgrade can run it.
 */

import { assetName, formatSums, sha256Hex, type Target } from "../../src/release/mod.ts";

/** What the stand-in release holds; `sums` overrides the honest SHA256SUMS. */
export interface StandInRelease {
  version: string;
  targets: Target[];
  sums?: (honest: Map<string, string>) => Map<string, string>;
  /** The bytes served for every binary (default: standInBinary(version)). */
  binary?: Uint8Array;
}

/** A running stand-in release server. */
export interface ReleaseServer {
  url: string;
  /** Paths requested so far, in order. */
  requests: string[];
  /** The bytes of each asset. */
  assets: Map<string, Uint8Array>;
  close(): Promise<void>;
}

/** The stand-in binary of a version: a script that prints `zot <version>` for --version. */
export function standInBinary(version: string): Uint8Array {
  return new TextEncoder().encode(
    `#!/bin/sh\n[ "$1" = --version ] && echo "zot ${version}" && exit 0\necho "zot ${version} stand-in"\n`,
  );
}

/** Starts the server; close() it in a finally. */
export async function serveRelease(release: StandInRelease): Promise<ReleaseServer> {
  const assets = new Map<string, Uint8Array>();
  const honest = new Map<string, string>();
  for (const target of release.targets) {
    const bytes = release.binary ?? standInBinary(release.version);
    assets.set(assetName(target), bytes);
    honest.set(assetName(target), await sha256Hex(bytes));
  }
  const sums = release.sums ? release.sums(honest) : honest;
  const encoder = new TextEncoder();
  assets.set("SHA256SUMS", encoder.encode(formatSums(sums)));
  assets.set("VERSION", encoder.encode(`${release.version}\n`));
  const requests: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const name = new URL(req.url).pathname.replace(/^\/+/, "");
    requests.push(name);
    const body = assets.get(name);
    return body ? new Response(body.slice()) : new Response("not found", { status: 404 });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    requests,
    assets,
    close: () => server.shutdown(),
  };
}
