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
export { resolveExec, resolveLaunchSpec } from "./exec_resolve.ts";
export type { ResolvedCommand, ResolveOptions, RuntimeLauncher } from "./exec_resolve.ts";
export {
  DEFAULT_BUILTIN_COMMANDS,
  DEFAULT_BUILTIN_TOOLS,
  DEFAULT_HOST_OPTIONS,
  ExtensionHost,
} from "./host.ts";
export type {
  ArgsCheck,
  BlockVerdict,
  CommandAction,
  CommandOutcome,
  ExtensionCommand,
  ExtensionNotice,
  ExtensionState,
  ExtensionStatus,
  ExtensionSubmit,
  ExtensionTool,
  ExtensionToolResult,
  HostCallbacks,
  HostContext,
  HostOptions,
  LifecycleEvent,
  NotifyLevel,
  PanelClose,
  PanelRender,
  ReadyVia,
  ReloadSummary,
  TextVerdict,
  ToolCallVerdict,
  Verdict,
} from "./host_types.ts";
export { DEFAULT_BLOCK_REASONS } from "./intercept.ts";
export {
  denoRunArgs,
  describePermissions,
  emptyPermissions,
  escapeReason,
  hasEscape,
  isSandboxed,
  permissionsBeyond,
  sandboxPlaces,
} from "./sandbox.ts";
export type { SandboxPlaces } from "./sandbox.ts";
export { checkGrant, loadGrant, removeGrant, saveGrant, unionPermissions } from "./grants.ts";
export type { GrantCheck, GrantRecord } from "./grants.ts";
export { auditLogFile, findDeno, planLaunches } from "./launch.ts";
export type { LaunchContext, LaunchPlan, RefusedLaunch } from "./launch.ts";
export { describeAccess } from "./access.ts";
export { checkExtension } from "./check.ts";
export type { CheckItem, CheckOptions, CheckReport, CheckStatus } from "./check.ts";
export {
  SCAFFOLD_LANGUAGES,
  scaffoldExtension,
  scaffoldFor,
  scaffoldToolName,
  writeScaffold,
} from "./scaffold.ts";
export type {
  Scaffold,
  ScaffoldFile,
  ScaffoldLanguage,
  ScaffoldOptions,
  ScaffoldResult,
} from "./scaffold.ts";
