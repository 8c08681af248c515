/** The `skill` tool: loads a discovered SKILL.md by name. */

import { errorMessage } from "../errors/mod.ts";
import type { SkillSet } from "../skills/mod.ts";
import { defineTool, errorOutput, fail, textOutput } from "./args.ts";
import type { Tool } from "./types.ts";

/** Builds the skill tool over a set of discovered skills. */
export function skillTool(skills: SkillSet): Tool {
  return defineTool<{ name: string }>({
    spec: {
      name: "skill",
      description: "Load a skill: task-specific instructions listed in the system prompt. " +
        `Call it with the skill's name before starting a matching task. Available: ${
          skills.names().join(", ")
        }.`,
      schema: {
        type: "object",
        properties: { name: { type: "string", description: "Name of the skill to load" } },
        required: ["name"],
      },
    },
    decode: (args) => {
      const name = (args.name as string).trim();
      if (name === "") {
        fail("skill", `name is empty; available skills: ${skills.names().join(", ")}`);
      }
      return { name };
    },
    run: async ({ name }) => {
      try {
        const text = await skills.loadSkill(name);
        return textOutput(text, { name, path: skills.get(name)?.path });
      } catch (err) {
        return errorOutput(`skill: ${errorMessage(err)}`);
      }
    },
  });
}
