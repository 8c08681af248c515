/**
 * `zot upgrade`: compare with the newest release, download this platform's binary, verify
 * its SHA-256 and that it runs as zot, then swap it in (replace.ts).
 */

import { ReleaseError } from "../errors/mod.ts";
import { parseSums, sha256Hex } from "./checksum.ts";
import { fetchAsset, fetchText } from "./download.ts";
import { installStaged, previousPath, rollBack, stageBinary } from "./replace.ts";
import { cleanVersion, isNewer } from "./semver.ts";
import { assetName, SUMS_ASSET, type Target, TARGETS, VERSION_ASSET } from "./targets.ts";

/** What an upgrade works on; everything is injectable so tests can point it at a stand-in. */
export interface UpgradeOptions {
  /** Base URL of the release's assets. */
  releaseUrl: string;
  /** The version running now. */
  currentVersion: string;
  /** The binary to replace. */
  binary: string;
  /** This machine's target; undefined when no release is built for it. */
  target: Target | undefined;
  /** How the platform is named in messages (e.g. `freebsd/x86_64`). */
  platform: string;
  /** Only report whether a newer release exists. */
  checkOnly?: boolean;
  /** Progress and results, one line each. */
  say(line: string): void;
  /** How long the download may take to answer --version (default 30 s). */
  versionTimeoutMs?: number;
}

/** The newest release's version, read from its VERSION asset. */
export async function latestVersion(releaseUrl: string): Promise<string> {
  const text = await fetchText(releaseUrl, VERSION_ASSET);
  const version = cleanVersion(text);
  if (!version) {
    throw new ReleaseError(
      "bad_release_version",
      `the release at ${releaseUrl} has a ${VERSION_ASSET} of "${text.trim().slice(0, 40)}", ` +
        "not a version",
      { hint: "check ZOT_RELEASE_URL" },
    );
  }
  return version;
}

/** Runs the upgrade; returns without changing anything when zot is up to date or checkOnly. */
export async function upgrade(options: UpgradeOptions): Promise<void> {
  const { say } = options;
  const latest = await latestVersion(options.releaseUrl);
  if (!isNewer(latest, options.currentVersion)) {
    say(`zot ${options.currentVersion} is up to date (newest release: ${latest})`);
    return;
  }
  if (options.checkOnly) {
    say(`zot ${latest} is available (this is ${options.currentVersion}); run: zot upgrade`);
    return;
  }
  if (!options.target) {
    throw new ReleaseError(
      "unsupported_platform",
      `no zot release is built for ${options.platform}; releases exist for ${TARGETS.join(", ")}`,
      { hint: "build from source instead: see the README's Set up" },
    );
  }
  const asset = assetName(options.target);
  const expected = parseSums(await fetchText(options.releaseUrl, SUMS_ASSET)).get(asset);
  if (!expected) {
    throw new ReleaseError(
      "release_missing_asset",
      `the release ${latest} at ${options.releaseUrl} lists no ${asset} in ${SUMS_ASSET}`,
      { hint: "try again once the release is complete" },
    );
  }
  say(`downloading ${asset} (zot ${latest})`);
  const bytes = await fetchAsset(options.releaseUrl, asset);
  const actual = await sha256Hex(bytes);
  if (actual !== expected) {
    throw new ReleaseError(
      "checksum_mismatch",
      `checksum mismatch for ${asset}: ${SUMS_ASSET} says ${expected}, the download is ` +
        `${actual}; nothing was changed`,
      { hint: "the download is corrupt or was tampered with; try again later" },
    );
  }
  const staged = await stageBinary(options.binary, bytes);
  try {
    await checkRuns(staged, latest, asset, options.versionTimeoutMs);
    await installStaged(options.binary, staged);
  } catch (err) {
    await Deno.remove(staged).catch(() => {});
    throw err;
  }
  say(
    `upgraded zot ${options.currentVersion} → ${latest} at ${options.binary}; ` +
      `the previous binary is kept as ${previousPath(options.binary)} (zot upgrade --rollback)`,
  );
}

/** Puts the previous binary back and says which version is now in place. */
export async function rollback(binary: string, say: (line: string) => void): Promise<void> {
  await rollBack(binary);
  const version = await binaryVersion(binary);
  say(
    `rolled back ${binary} to ${version ?? "the previous binary"}; ` +
      "run zot upgrade --rollback again to undo",
  );
}

async function checkRuns(
  staged: string,
  version: string,
  asset: string,
  timeoutMs?: number,
): Promise<void> {
  const said = await binaryVersion(staged, timeoutMs);
  if (said !== `zot ${version}`) {
    throw new ReleaseError(
      "bad_release_binary",
      `the downloaded ${asset} does not run as zot ${version} ` +
        `(--version said ${JSON.stringify(said ?? "nothing")}); nothing was changed`,
      { hint: "report it; meanwhile install a release by hand or from source" },
    );
  }
}

/** What `<binary> --version` prints, or undefined when it does not run or hangs. */
async function binaryVersion(
  binary: string,
  timeoutMs = VERSION_TIMEOUT_MS,
): Promise<string | undefined> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const { code, stdout } = await new Deno.Command(binary, {
      args: ["--version"],
      stdin: "null",
      stdout: "piped",
      stderr: "null",
      signal: abort.signal,
    }).output();
    return code === 0 && !abort.signal.aborted
      ? new TextDecoder().decode(stdout).trim()
      : undefined;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

// A real zot answers --version at once; a download that hangs instead is not zot.
const VERSION_TIMEOUT_MS = 30_000;
