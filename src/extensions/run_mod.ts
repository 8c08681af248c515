/**
 * The surface a run (`zot [prompt]`) imports: what decides whether any extension will run
 * (manifests, discovery, trust, requirements) and the types of most things, but no value of
 * manage (the `zot ext install|remove|logs` code), runtime, sandbox or authoring. So a run
 * without extensions loads none of them, nor the zod codec they use; `loadHost()` brings the
 * host in once an extension is going to start. Everything else imports mod.ts, which is this
 * plus those values.
 */

export {
  extensionDataDir,
  extensionLogFile,
  extensionNameProblem,
  MANIFEST_FILE,
  parseManifest,
  PERMISSION_NAMES,
  projectExtensionsDir,
  readManifest,
  scopeRoots,
  validateManifest,
} from "./manifest/mod.ts";
export type {
  DiscoveredExtension,
  ExtensionSource,
  InvalidExtension,
  LaunchSpec,
  Manifest,
  ManifestResult,
  PermissionName,
  PermissionRequest,
  PermissionValue,
} from "./manifest/mod.ts";
export {
  discoverExtensions,
  hashExtensionTree,
  isRequired,
  loadRequirements,
  needsTrust,
  outsideFolder,
  partitionByTrust,
  requiredNames,
  setRequirement,
  sweepStaging,
  trustExtension,
  trustState,
  untrustedReason,
  untrustExtension,
} from "./discovery/mod.ts";
export type {
  DiscoveryOptions,
  DiscoveryResult,
  ShadowedExtension,
  TrustState,
  TrustSubject,
  UntrustedExtension,
} from "./discovery/mod.ts";
export type {
  GrantCheck,
  GrantRecord,
  GrantShape,
  GrantSubject,
  LaunchContext,
  LaunchPlan,
  OsSandbox,
  RefusedLaunch,
  ResolvedCommand,
  ResolveOptions,
  RuntimeLauncher,
  SandboxPlaces,
} from "./sandbox/mod.ts";
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
  PromptVerdict,
  ReadyVia,
  ReloadSummary,
  TextVerdict,
  ToolCallVerdict,
  ToolResultInput,
  ToolResultVerdict,
  UiAnswer,
  UiRequest,
  V11LifecycleEvent,
  Verdict,
} from "./runtime/mod.ts";
export type {
  AddMcpInput,
  CheckItem,
  CheckOptions,
  CheckReport,
  CheckStatus,
  McpImport,
  Scaffold,
  ScaffoldFile,
  ScaffoldLanguage,
  ScaffoldOptions,
  ScaffoldResult,
} from "./authoring/mod.ts";

/** The host's type; its value comes from loadHost() (or mod.ts). */
export type { ExtensionHost } from "./runtime/mod.ts";

/** The host and launch planning: loads runtime, sandbox and the zod codec on first call. */
export function loadHost(): Promise<typeof import("./host_entry.ts")> {
  return import("./host_entry.ts");
}
