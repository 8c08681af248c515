/**
 * Slash commands outside the TUI: `/name args` is looked up among the built-ins first,
 * then among extension commands, and the answer is resolved to what the mode should do.
 */

import { errorMessage } from "../errors/mod.ts";
import type { SlashInvocation } from "../protocol/mod.ts";
import type { SlashHost } from "./context.ts";

/** Built-in command names; they always win over extension commands of the same name. */
export const BUILTIN_COMMANDS: readonly string[] = [
  "help",
  "login",
  "logout",
  "model",
  "sessions",
  "session",
  "jump",
  "btw",
  "skills",
  "compact",
  "study",
  "jail",
  "unjail",
  "reload-ext",
  "yolo",
  "telegram",
  "clear",
  "exit",
  "settings",
];

/** Built-ins that work without the TUI. */
const AVAILABLE_HERE = new Set(["help", "compact", "study"]);

const STUDY_PROMPT = "Read and understand everything in the current directory.";

/** What the mode should do with a command. `source` names who produced the text. */
export type SlashResult =
  | { kind: "display"; text: string; source: string }
  | { kind: "prompt"; text: string; source: string }
  | { kind: "insert"; text: string; source: string }
  | { kind: "panel"; source: string; title?: string }
  | { kind: "compact" }
  | { kind: "noop" }
  | { kind: "error"; message: string };

/** Runs one command and resolves its answer; never throws. */
export async function resolveSlash(
  invocation: SlashInvocation,
  host: SlashHost,
  signal?: AbortSignal,
): Promise<SlashResult> {
  const { name, args } = invocation;
  if (BUILTIN_COMMANDS.includes(name)) {
    if (!AVAILABLE_HERE.has(name)) {
      return { kind: "error", message: `/${name} is only available in the interactive mode` };
    }
    if (name === "help") return { kind: "display", text: helpText(host), source: "zot" };
    if (name === "study") return { kind: "prompt", text: STUDY_PROMPT, source: "zot" };
    return { kind: "compact" };
  }
  const command = host.commands().find((c) => c.name === name);
  if (!command) {
    return { kind: "error", message: `unknown command /${name}; run /help for the list` };
  }
  let outcome;
  try {
    outcome = await host.invoke(name, args, signal);
  } catch (err) {
    return { kind: "error", message: `extension /${name}: ${errorMessage(err)}` };
  }
  const source = outcome.extension;
  if (outcome.error) return { kind: "error", message: `extension /${name}: ${outcome.error}` };
  if (outcome.openPanel) {
    return { kind: "panel", source, title: outcome.openPanel.title };
  }
  switch (outcome.action) {
    case "prompt":
      return outcome.prompt?.trim()
        ? { kind: "prompt", text: outcome.prompt, source }
        : { kind: "noop" };
    case "display":
      return { kind: "display", text: outcome.display ?? "", source };
    case "insert":
      return { kind: "insert", text: outcome.insert ?? "", source };
    case "noop":
    case "":
      return { kind: "noop" };
    default:
      return {
        kind: "error",
        message: `extension /${name}: unknown action "${outcome.action}" from ${source}`,
      };
  }
}

/** The /help text: what works in this mode and every extension command. */
export function helpText(host: SlashHost): string {
  const lines = [
    "commands:",
    "  /help     this list",
    "  /compact  summarise the older part of the conversation",
    "  /study    read and understand the current directory",
  ];
  const extension = host.commands().filter((c) => !BUILTIN_COMMANDS.includes(c.name))
    .sort((a, b) => a.name.localeCompare(b.name));
  if (extension.length) {
    lines.push("extension commands:");
    const width = Math.max(...extension.map((c) => c.name.length)) + 1;
    for (const c of extension) {
      lines.push(`  /${c.name.padEnd(width)} ${c.description} [${c.extension}]`.trimEnd());
    }
  }
  return lines.join("\n");
}
