/** Wrapper of the `semver` package: the one place zot compares versions. */
// @ts-types="@types/semver"
import semver from "semver";

/** The clean version in a tag or version text (`v0.2.0` → `0.2.0`), or undefined. */
export function cleanVersion(text: string): string | undefined {
  return semver.clean(text.trim()) ?? undefined;
}

/** Whether version `a` is newer than `b` (both already clean). */
export function isNewer(a: string, b: string): boolean {
  return semver.gt(a, b);
}
