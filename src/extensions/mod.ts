/**
 * The extension host, the one entrance for other folders. Inside, one sub-folder per concern:
 * manifest (what an extension is), discovery (which exist and may run: trust, requirements),
 * manage (install, remove, enable, logs), sandbox (launch and confinement), runtime (the running
 * host) and authoring (check, scaffold). A run imports run_mod.ts instead, the part of this
 * surface that loads no manage, runtime, sandbox or authoring code (see there).
 */

export * from "./run_mod.ts";
export {
  findInstalled,
  followLog,
  installExtension,
  isGitUrl,
  logFileFor,
  printLog,
  removeExtension,
  setExtensionEnabled,
} from "./manage/mod.ts";
export type {
  EnableResult,
  FollowOptions,
  InstallOptions,
  InstallResult,
  InstallScope,
  LogWriter,
  ManageOptions,
  RemovedExtension,
} from "./manage/mod.ts";
export {
  auditLogFile,
  checkGrant,
  denoRunArgs,
  describeAccess,
  describePermissions,
  detectOsSandbox,
  droppedSinceGrant,
  emptyPermissions,
  enforcementNote,
  escapeReason,
  findDeno,
  grantShape,
  hasEscape,
  isSandboxed,
  loadGrant,
  permissionsBeyond,
  planLaunches,
  removeGrant,
  resolveExec,
  resolveLaunchSpec,
  runsUnderDeno,
  sandboxPlaces,
  saveGrant,
  unionPermissions,
} from "./sandbox/mod.ts";
export {
  DEFAULT_BLOCK_REASONS,
  DEFAULT_BUILTIN_TOOLS,
  DEFAULT_HOST_OPTIONS,
  DEFAULT_SUPERVISION,
  ExtensionHost,
} from "./runtime/mod.ts";
export {
  addMcpManifest,
  checkExtension,
  claudeDesktopConfig,
  parseMcpServers,
  parsePairs,
  SCAFFOLD_LANGUAGES,
  scaffoldExtension,
  scaffoldFor,
  scaffoldToolName,
  writeScaffold,
} from "./authoring/mod.ts";
