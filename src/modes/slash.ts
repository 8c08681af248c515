/**
 * Slash commands outside the TUI: `/name args` is looked up among the built-ins first,
 * then among extension commands, and the answer is resolved to what the mode should do.
 */

import { type CommandPort, dispatch, type ModeName, type SafetyPort } from "../commands/mod.ts";
import { errorMessage } from "../errors/mod.ts";
import type { SlashInvocation } from "../protocol/mod.ts";
import type { SlashHost } from "./context.ts";

/** What the mode should do with a command. `source` names who produced the text. */
export type SlashResult =
  | { kind: "display"; text: string; source: string }
  | { kind: "prompt"; text: string; source: string }
  | { kind: "insert"; text: string; source: string }
  | { kind: "panel"; source: string; title?: string }
  | { kind: "compact" }
  | { kind: "noop" }
  | { kind: "error"; message: string };

/** Runs one command in a mode without a TUI and resolves its answer; never throws. */
export async function resolveSlash(
  invocation: SlashInvocation,
  host: SlashHost,
  mode: Exclude<ModeName, "interactive">,
  signal?: AbortSignal,
  safety?: SafetyPort,
): Promise<SlashResult> {
  const { name, args } = invocation;
  const route = dispatch(name, mode);
  if (route.kind === "elsewhere") return { kind: "error", message: route.message };
  if (route.kind === "builtin") {
    try {
      return await runBuiltin(route.command.run, args, host, mode, safety);
    } catch (err) {
      return { kind: "error", message: `/${name}: ${errorMessage(err)}` };
    }
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

/** Runs a built-in through a port that records what the mode should do. */
async function runBuiltin(
  run: (args: string, port: CommandPort) => void | Promise<void>,
  args: string,
  host: SlashHost,
  mode: Exclude<ModeName, "interactive">,
  safety?: SafetyPort,
): Promise<SlashResult> {
  let result: SlashResult = { kind: "noop" };
  await run(args, {
    mode,
    help: (text) => void (result = { kind: "display", text, source: "zot" }),
    prompt: (text) => void (result = { kind: "prompt", text, source: "zot" }),
    compact: () => void (result = { kind: "compact" }),
    extensionCommands: () => host.commands(),
    ...(safety ? { safety } : {}),
  });
  return result;
}
