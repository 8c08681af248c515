/** Changing the installed extensions (`zot ext …`): install, remove, enable/disable and logs. */

export { installExtension, isGitUrl } from "./install.ts";
export type { InstallOptions, InstallResult } from "./install.ts";
export { followLog, logFileFor, printLog } from "./logs.ts";
export type { FollowOptions, LogWriter } from "./logs.ts";
export { findInstalled, removeExtension, setExtensionEnabled } from "./manage.ts";
export type { EnableResult, InstallScope, ManageOptions, RemovedExtension } from "./manage.ts";
