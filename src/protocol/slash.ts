/**
 * How a line the user typed becomes a command invocation: `/name args`, where `args` is
 * everything after the name, trimmed (the contract's `command_invoked.args`). Shared by
 * every mode and the TUI so they cannot disagree about what is a command.
 */

/** A parsed `/name args`. */
export interface SlashInvocation {
  name: string;
  args: string;
}

/**
 * Parses a slash command. Only `/` followed by letters, digits, `_` or `-` counts, so a
 * path like `/Users/x` is an ordinary prompt.
 */
export function parseSlash(text: string): SlashInvocation | undefined {
  const match = /^\/([A-Za-z0-9_-]+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return undefined;
  return { name: match[1], args: (match[2] ?? "").trim() };
}
