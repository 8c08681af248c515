/** The TUI's part of /help: the keys (the commands come from src/commands). */

/** The keys section appended to the registry's /help text. */
export const KEYS_HELP = [
  "keys:",
  "  enter          send (queued while the agent works)",
  "  shift+enter    new line (or \\ then enter)",
  "  up/down        history",
  "  esc            cancel the turn and drop queued messages",
  "  ctrl+o         expand or collapse tool results",
  "  ctrl+c twice   exit",
].join("\n");
