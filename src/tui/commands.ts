/** The built-in slash commands and how a line of input is recognised as a command. */

/** A built-in command as the popup and /help list it. */
export interface BuiltinCommand {
  name: string;
  description: string;
  /** Commands that cancel the in-flight turn and wait for it first. */
  cancelsTurn: boolean;
}

/** Built-ins, in the order the popup shows them. */
export const BUILTIN_COMMANDS: readonly BuiltinCommand[] = [
  { name: "help", description: "show commands and keys", cancelsTurn: false },
  { name: "model", description: "pick a model, or switch: /model <id>", cancelsTurn: true },
  { name: "clear", description: "clear the conversation", cancelsTurn: true },
  { name: "compact", description: "summarise the conversation to free context", cancelsTurn: true },
  { name: "sessions", description: "resume one of this directory's sessions", cancelsTurn: false },
  {
    name: "reload-ext",
    description: "restart extensions, rebuild tools and commands",
    cancelsTurn: true,
  },
  { name: "exit", description: "quit zot", cancelsTurn: false },
];

/** Finds a built-in by name. */
export function builtin(name: string): BuiltinCommand | undefined {
  return BUILTIN_COMMANDS.find((c) => c.name === name);
}

/** The /help text. */
export function helpText(
  extensionCommands: readonly { name: string; description?: string }[],
): string {
  const lines = ["commands:"];
  for (const c of BUILTIN_COMMANDS) lines.push(`  /${c.name.padEnd(12)} ${c.description}`);
  if (extensionCommands.length > 0) {
    lines.push("extension commands:");
    for (const c of extensionCommands) lines.push(`  /${c.name.padEnd(12)} ${c.description ?? ""}`);
  }
  lines.push(
    "keys:",
    "  enter          send (queued while the agent works)",
    "  shift+enter    new line (or \\ then enter)",
    "  up/down        history",
    "  esc            cancel the turn and drop queued messages",
    "  ctrl+o         expand or collapse tool results",
    "  ctrl+c twice   exit",
  );
  return lines.join("\n");
}
