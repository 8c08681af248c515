/** What an extension is: its manifest, its name rules and where its files live. */

export {
  MANIFEST_FILE,
  MAX_MANIFEST_BYTES,
  parseManifest,
  PERMISSION_NAMES,
  readManifest,
  validateManifest,
} from "./manifest.ts";
export type { ManifestResult } from "./manifest.ts";
export { expandEnvRefs, isRemote } from "./mcp_fields.ts";
export type { ExtensionProtocol, McpFields } from "./mcp_fields.ts";
export { extensionDataDir, extensionLogFile, extensionNameProblem } from "./names.ts";
export { projectExtensionsDir, scopeRoots } from "./places.ts";
export { parseTimeouts, TIMEOUT_CAPS_MS } from "./timeouts.ts";
export type { ManifestTimeouts } from "./timeouts.ts";
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
