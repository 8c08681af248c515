/** Managing extensions: discovery, install, enable/disable, remove, logs, trust and requirement. */

export { discoverExtensions } from "./discovery.ts";
export type { DiscoveryOptions, DiscoveryResult, ShadowedExtension } from "./discovery.ts";
export { installExtension, isGitUrl } from "./install.ts";
export type { InstallOptions, InstallResult } from "./install.ts";
export { ensureInstallId, forgetInstall, installIdOf, recordInstall } from "./install_record.ts";
export type { InstallRecord } from "./install_record.ts";
export { decisionFiles, writeStore } from "./json_store.ts";
export { followLog, logFileFor, printLog } from "./logs.ts";
export { sweepStaging } from "./staging.ts";
export type { FollowOptions, LogWriter } from "./logs.ts";
export { findInstalled, removeExtension, setExtensionEnabled } from "./manage.ts";
export type { EnableResult, InstallScope, ManageOptions, RemovedExtension } from "./manage.ts";
export { isRequired, loadRequirements, requiredNames, setRequirement } from "./required.ts";
export { hashExtensionTree } from "./tree_hash.ts";
export {
  needsTrust,
  outsideFolder,
  partitionByTrust,
  trustExtension,
  trustState,
  untrustedReason,
  untrustExtension,
} from "./trust.ts";
export type { TrustEntry, TrustState, TrustSubject, UntrustedExtension } from "./trust.ts";
