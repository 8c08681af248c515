/**
 * The one definition of what a release is made of: the targets, each target's asset name,
 * the checksum and version files beside them, and where releases are downloaded from.
 * scripts/compile.ts, `zot upgrade`, the workflows and install.sh (checked by a test) agree
 * on these names.
 */

/** The targets release builds are made for (`deno compile --target`). */
export const TARGETS = [
  "x86_64-unknown-linux-gnu",
  "aarch64-unknown-linux-gnu",
  "x86_64-apple-darwin",
  "aarch64-apple-darwin",
  "x86_64-pc-windows-msvc",
] as const;

/** One release target. */
export type Target = typeof TARGETS[number];

/** The release asset listing `<sha256>  <asset>` for every binary. */
export const SUMS_ASSET = "SHA256SUMS";

/** The release asset holding the bare version (`0.2.0`), so upgrade needs no GitHub API. */
export const VERSION_ASSET = "VERSION";

/** The GitHub repository releases are published to. */
export const RELEASE_REPO = "zot-dev/zot";

/** Where the newest release's assets are downloaded from (`ZOT_RELEASE_URL` overrides it). */
export const DEFAULT_RELEASE_URL = `https://github.com/${RELEASE_REPO}/releases/latest/download`;

/** Whether a string names a release target. */
export function isTarget(value: string): value is Target {
  return (TARGETS as readonly string[]).includes(value);
}

/** The file name of a target's binary in a release: `zot-<target>[.exe]`. */
export function assetName(target: Target): string {
  return `zot-${target}${target.includes("windows") ? ".exe" : ""}`;
}

/** The release target that runs on this OS and CPU, or undefined when there is none. */
export function targetFor(os: string, arch: string): Target | undefined {
  const cpu = arch === "x86_64" || arch === "amd64" || arch === "x64"
    ? "x86_64"
    : arch === "aarch64" || arch === "arm64"
    ? "aarch64"
    : undefined;
  if (!cpu) return undefined;
  const platform: Record<string, string> = {
    linux: "unknown-linux-gnu",
    darwin: "apple-darwin",
    windows: "pc-windows-msvc",
  };
  const candidate = platform[os] ? `${cpu}-${platform[os]}` : "";
  return isTarget(candidate) ? candidate : undefined;
}

/** The release target of the machine zot runs on. */
export function hostTarget(): Target | undefined {
  return targetFor(Deno.build.os, Deno.build.arch);
}
