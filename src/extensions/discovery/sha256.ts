/**
 * node:crypto's streaming SHA-256, in a file of its own: node:crypto costs a run tens of
 * milliseconds to load, so tree_hash.ts imports it only when a folder is actually hashed
 * (a project extension to check), not whenever discovery is loaded.
 */

import { createHash, type Hash } from "node:crypto";

export type { Hash };

/** A fresh streaming SHA-256 hash. */
export function sha256(): Hash {
  return createHash("sha256");
}
