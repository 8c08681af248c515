/** Fetching release assets, with errors that name the URL and what to do about it. */

import { ReleaseError } from "../errors/mod.ts";

/** Fetches one asset of the release at `baseUrl`; a failure names the URL. */
export async function fetchAsset(baseUrl: string, name: string): Promise<Uint8Array> {
  const url = `${baseUrl.replace(/\/+$/, "")}/${name}`;
  let response: Response;
  try {
    response = await fetch(url);
  } catch (err) {
    throw new ReleaseError(
      "release_unreachable",
      `cannot download ${url}: ${err instanceof Error ? err.message : err}`,
      { cause: err, hint: "check the network, or set ZOT_RELEASE_URL to a mirror" },
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ReleaseError(
      "release_missing_asset",
      `cannot download ${url}: HTTP ${response.status}`,
      { hint: "the release may still be uploading; try again later or set ZOT_RELEASE_URL" },
    );
  }
  return new Uint8Array(await response.arrayBuffer());
}

/** Fetches a small text asset (VERSION, SHA256SUMS). */
export async function fetchText(baseUrl: string, name: string): Promise<string> {
  return new TextDecoder().decode(await fetchAsset(baseUrl, name));
}
