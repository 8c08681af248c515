/** Tools for extension authors: `zot ext check`, the probe and `zot ext new` scaffolds. */

export { checkExtension } from "./check.ts";
export type { CheckOptions } from "./check.ts";
export type { CheckItem, CheckReport, CheckStatus } from "./check_types.ts";
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
export { addMcpManifest, claudeDesktopConfig, parseMcpServers, parsePairs } from "./mcp_config.ts";
export type { AddMcpInput, McpImport } from "./mcp_config.ts";
