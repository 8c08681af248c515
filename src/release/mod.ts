/** Releases: targets and asset names, checksums, the smoke test, and `zot upgrade`'s swap. */
export {
  assetName,
  DEFAULT_RELEASE_URL,
  hostTarget,
  isTarget,
  RELEASE_REPO,
  SUMS_ASSET,
  targetFor,
  TARGETS,
  VERSION_ASSET,
} from "./targets.ts";
export type { Target } from "./targets.ts";
export { ZOT_PERMISSIONS } from "./permissions.ts";
export { formatSums, parseSums, sha256Hex } from "./checksum.ts";
export { isSmokeLang, SMOKE_LANGS, smokeTest } from "./smoke.ts";
export type { SmokeLang, SmokeOptions } from "./smoke.ts";
export { latestVersion, rollback, upgrade } from "./upgrade.ts";
export type { UpgradeOptions } from "./upgrade.ts";
export { previousPath } from "./replace.ts";
