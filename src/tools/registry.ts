/** The set of built-in tools a session offers, chosen by --tools / --no-tools. */

import { UsageError } from "../errors/mod.ts";
import type { SkillSet } from "../skills/mod.ts";
import { type BashOptions, bashTool } from "./bash.ts";
import { editTool } from "./edit.ts";
import { readTool } from "./read.ts";
import { skillTool } from "./skill.ts";
import type { Tool } from "./types.ts";
import { writeTool } from "./write.ts";

/** Names of every built-in tool, sorted. */
export const BUILTIN_TOOL_NAMES: readonly string[] = ["bash", "edit", "read", "skill", "write"];

/** Which built-in tools to build. */
export interface BuiltinToolsOptions {
  /** Discovered skills; the skill tool exists only when there is at least one. */
  skills: SkillSet;
  /** Keep only these tools; unknown names are a UsageError listing the valid ones. */
  only?: string[];
  /** No built-in tools at all (not even skill). */
  none?: boolean;
  /** Options for the bash tool. */
  bash?: BashOptions;
}

/** Builds the built-in tools, sorted by name. */
export function builtinTools(options: BuiltinToolsOptions): Tool[] {
  if (options.only) {
    const unknown = options.only.filter((name) => !BUILTIN_TOOL_NAMES.includes(name));
    if (unknown.length > 0) {
      const names = unknown.map((n) => `"${n}"`).join(", ");
      throw new UsageError(
        `unknown built-in tool${unknown.length > 1 ? "s" : ""} ${names}; ` +
          `valid names: ${BUILTIN_TOOL_NAMES.join(", ")}`,
      );
    }
  }
  if (options.none) return [];
  const tools: Tool[] = [bashTool(options.bash), editTool(), readTool(), writeTool()];
  if (options.skills.size > 0) tools.push(skillTool(options.skills));
  const wanted = options.only ? new Set(options.only) : undefined;
  return tools
    .filter((tool) => !wanted || wanted.has(tool.spec.name))
    .sort((a, b) => a.spec.name < b.spec.name ? -1 : a.spec.name > b.spec.name ? 1 : 0);
}
