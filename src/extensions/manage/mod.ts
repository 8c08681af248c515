/** Managing installed extensions: discovery, install, enable/disable, remove and logs. */

export { discoverExtensions } from "./discovery.ts";
export type { DiscoveryOptions, DiscoveryResult, ShadowedExtension } from "./discovery.ts";
export { installExtension, isGitUrl } from "./install.ts";
export type { InstallOptions, InstallResult } from "./install.ts";
export { followLog, logFileFor, printLog } from "./logs.ts";
export { sweepStaging } from "./staging.ts";
export type { FollowOptions, LogWriter } from "./logs.ts";
export { findInstalled, removeExtension, setExtensionEnabled } from "./manage.ts";
export type { EnableResult, InstallScope, ManageOptions, RemovedExtension } from "./manage.ts";
