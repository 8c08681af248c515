/** The extension host: discovery, manifests, subprocess lifecycle, protocol runtime, management. */
export { extensionDataDir, extensionLogFile, extensionNameProblem } from "./names.ts";
export type {
  DiscoveredExtension,
  ExtensionSource,
  InvalidExtension,
  LaunchSpec,
  Manifest,
  PermissionName,
  PermissionRequest,
  PermissionValue,
} from "./types.ts";
export {
  MANIFEST_FILE,
  parseManifest,
  PERMISSION_NAMES,
  readManifest,
  validateManifest,
} from "./manifest.ts";
export type { ManifestResult } from "./manifest.ts";
export { discoverExtensions, projectExtensionsDir, scopeRoots } from "./discovery.ts";
export type { DiscoveryOptions, DiscoveryResult, ShadowedExtension } from "./discovery.ts";
export { installExtension, isGitUrl } from "./install.ts";
export type { InstallOptions, InstallResult } from "./install.ts";
export { findInstalled, removeExtension, setExtensionEnabled } from "./manage.ts";
export type { EnableResult, InstallScope, ManageOptions, RemovedExtension } from "./manage.ts";
export { followLog, logFileFor, printLog } from "./logs.ts";
export type { FollowOptions, LogWriter } from "./logs.ts";
