/** Error types shared by every part of zot. */
export {
  CancelledError,
  ConfigError,
  errorMessage,
  ExtensionError,
  PermissionError,
  ProviderError,
  ReleaseError,
  ToolError,
  UsageError,
  ZotError,
} from "./zot_error.ts";
export type { ZotErrorOptions } from "./zot_error.ts";
