/** Configuration: `$ZOT_HOME`, well-known paths, version. */
export { processHomeEnv, resolveZotHome, ZotPaths } from "./zot_home.ts";
export { ensureDir, pathExists, writeTextAtomic } from "./fs.ts";
export type { HomeEnv } from "./zot_home.ts";
export { ZOT_VERSION } from "./version.ts";
export { findBwrap, which } from "./which.ts";
