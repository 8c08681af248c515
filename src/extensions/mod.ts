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
