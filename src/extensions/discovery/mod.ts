/** Which extensions exist and may run: discovery, trust, requirements and install records. */

export { discoverExtensions } from "./discovery.ts";
export type { DiscoveryOptions, DiscoveryResult, ShadowedExtension } from "./discovery.ts";
export { ensureInstallId, forgetInstall, installIdOf, recordInstall } from "./install_record.ts";
export type { InstallRecord } from "./install_record.ts";
export { decisionFiles, writeStore } from "./json_store.ts";
export { stagingPrefix, sweepStaging } from "./staging.ts";
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
