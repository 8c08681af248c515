/** Building the system prompt from the identity, project notes, appends, skills and context. */

import { join } from "../paths/mod.ts";
import { ConfigError, errorMessage } from "../errors/mod.ts";

/** The identity used when neither `--system-prompt` nor `$ZOT_HOME/SYSTEM.md` replaces it. */
export const DEFAULT_IDENTITY = `You are zot, a coding agent working in the user's terminal.
You help with software tasks: reading and changing code, running commands, explaining and fixing problems.

Guidelines:
- Use the tools to look before you change anything; read files instead of guessing their contents.
- Prefer small, precise edits with the edit tool over rewriting whole files.
- Run commands with bash to check your work (tests, builds, linters) when that is possible.
- Stay inside the working directory unless the user asks otherwise.
- Be concise. When you are done, say briefly what you changed and what is left.`;

/** Inputs of the system prompt. */
export interface SystemPromptOptions {
  /** Absolute working directory (its AGENTS.md is included when present). */
  cwd: string;
  /** `$ZOT_HOME/SYSTEM.md`; when it exists and is non-empty it replaces the identity. */
  systemFile?: string;
  /** `--system-prompt`: replaces the identity, beating SYSTEM.md. */
  systemPrompt?: string;
  /** `--append-system-prompt`, in order. */
  append?: readonly string[];
  /** The skills section, already rendered by the skills module. */
  skills?: string;
  /** Names of the tools offered, listed so the model knows what it has. */
  toolNames?: readonly string[];
  /** The date to state (tests pin it). */
  date?: Date;
}

async function readOptional(path: string): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return undefined;
    if (err instanceof Deno.errors.IsADirectory) return undefined;
    throw new ConfigError("unreadable_prompt_file", `cannot read ${path}: ${errorMessage(err)}`, {
      cause: err,
      hint: "fix its permissions or remove it",
    });
  }
}

/** Builds the system prompt; reads SYSTEM.md and the project's AGENTS.md. */
export async function buildSystemPrompt(options: SystemPromptOptions): Promise<string> {
  let identity = DEFAULT_IDENTITY;
  if (options.systemPrompt !== undefined && options.systemPrompt.trim() !== "") {
    identity = options.systemPrompt.trim();
  } else if (options.systemFile) {
    const custom = (await readOptional(options.systemFile))?.trim();
    if (custom) identity = custom;
  }
  const parts = [identity];
  const agentsFile = join(options.cwd, "AGENTS.md");
  const agents = (await readOptional(agentsFile))?.trim();
  if (agents) {
    parts.push(`# Project instructions (${agentsFile})\n\n${agents}`);
  }
  for (const extra of options.append ?? []) {
    if (extra.trim()) parts.push(extra.trim());
  }
  if (options.skills?.trim()) parts.push(options.skills.trim());
  if (options.toolNames?.length) parts.push(`Available tools: ${options.toolNames.join(", ")}`);
  const date = (options.date ?? new Date()).toISOString().slice(0, 10);
  parts.push(`Current date: ${date}\nCurrent working directory: ${options.cwd}`);
  return parts.join("\n\n");
}
