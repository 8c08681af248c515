/** Skills: discovery of SKILL.md files, the system-prompt manifest, loading on demand. */
export { parseFrontmatter } from "./frontmatter.ts";
export type { FrontmatterValue, ParsedFrontmatter } from "./frontmatter.ts";
export { discoverSkills, SkillSet, systemPromptSection } from "./skills.ts";
export type { DiscoverSkillsOptions, Skill, SkillScope } from "./skills.ts";
