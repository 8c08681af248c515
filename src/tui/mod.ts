/** The interactive chat TUI, built against TuiController (src/modes/interactive.ts adapts zot to it). */
export { ChatApp } from "./chat_app.ts";
export type { ChatAppOptions } from "./chat_app.ts";
export type {
  CommandInfo,
  CommandOutcome,
  CommandReport,
  HostUiEvent,
  ModelChoice,
  SessionChoice,
  StatusInfo,
  TuiController,
  UiEvent,
} from "./controller.ts";
export { hasTty, runTui } from "./run_tui.ts";
export type { RunTuiOptions } from "./run_tui.ts";
export { sanitizeLine, sanitizeText } from "./sanitize.ts";
export { colorFromEnv } from "./theme.ts";
