/**
 * Skills: SKILL.md instruction files the model loads on demand. Discovered from the
 * project's `.zot/skills/<name>/SKILL.md`, then `$ZOT_HOME/skills/<name>/SKILL.md`; the
 * first one found for a name wins, so a project can shadow a user skill.
 */

import { join, resolve } from "../paths/mod.ts";
import type { ZotPaths } from "../config/mod.ts";
import { ConfigError, errorMessage } from "../errors/mod.ts";
import { parseFrontmatter } from "./frontmatter.ts";

/** Where a skill was found. */
export type SkillScope = "project" | "user";

/** A discovered skill (its body is read only when loaded). */
export interface Skill {
  name: string;
  /** One line, whitespace collapsed; may be empty. */
  description: string;
  /** Absolute path of SKILL.md. */
  path: string;
  /** Absolute folder holding SKILL.md and any files it refers to. */
  dir: string;
  scope: SkillScope;
}

const SKILL_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const SKILL_FILE = "SKILL.md";

/** The skills available to a session, sorted by name, plus what discovery skipped. */
export class SkillSet {
  readonly skills: readonly Skill[];
  /** One line per skill folder that could not be used. */
  readonly warnings: readonly string[];
  #byName: Map<string, Skill>;

  constructor(skills: readonly Skill[], warnings: readonly string[] = []) {
    this.skills = [...skills].sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    this.warnings = warnings;
    this.#byName = new Map(this.skills.map((s) => [s.name, s]));
  }

  /** A set with no skills. */
  static empty(): SkillSet {
    return new SkillSet([]);
  }

  /** Number of skills. */
  get size(): number {
    return this.skills.length;
  }

  /** The skill with this name, if any. */
  get(name: string): Skill | undefined {
    return this.#byName.get(name);
  }

  /** Skill names, sorted. */
  names(): string[] {
    return this.skills.map((s) => s.name);
  }

  /** Reads a skill for the model: `# Skill: <name>\n\n<description>\n\n---\n\n<body>`. */
  async loadSkill(name: string): Promise<string> {
    const skill = this.get(name);
    if (!skill) {
      const known = this.size
        ? `available skills: ${this.names().join(", ")}`
        : "no skills are installed";
      throw new ConfigError("skill_not_found", `unknown skill "${name}"; ${known}`);
    }
    let text: string;
    try {
      text = await Deno.readTextFile(skill.path);
    } catch (err) {
      throw new ConfigError(
        "skill_unreadable",
        `skill "${name}" cannot be read from ${skill.path}: ${errorMessage(err)}`,
        { cause: err },
      );
    }
    const parsed = parseFrontmatter(text);
    const description = oneLine(stringField(parsed.data.description)) || skill.description;
    return `# Skill: ${skill.name}\n\n${description}\n\n---\n\n${parsed.body.trimEnd()}`;
  }
}

/** Options for discoverSkills. */
export interface DiscoverSkillsOptions {
  /** Project folder; its `.zot/skills` is searched first. */
  cwd: string;
  /** `$ZOT_HOME` paths; `paths.skills` is searched second. */
  paths: ZotPaths;
}

/** Finds the project and user skills; unreadable or invalid ones become warnings. */
export async function discoverSkills(options: DiscoverSkillsOptions): Promise<SkillSet> {
  const roots: [string, SkillScope][] = [
    [join(resolve(options.cwd), ".zot", "skills"), "project"],
    [resolve(options.paths.skills), "user"],
  ];
  const found = new Map<string, Skill>();
  const warnings: string[] = [];
  for (const [root, scope] of roots) {
    for (const skill of await scanRoot(root, scope, warnings)) {
      if (!found.has(skill.name)) found.set(skill.name, skill);
    }
  }
  return new SkillSet([...found.values()], warnings);
}

async function scanRoot(root: string, scope: SkillScope, warnings: string[]): Promise<Skill[]> {
  const folders: string[] = [];
  try {
    for await (const entry of Deno.readDir(root)) {
      if (entry.isDirectory || entry.isSymlink) folders.push(entry.name);
    }
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound || err instanceof Deno.errors.NotADirectory)) {
      warnings.push(`cannot list skills in ${root}: ${errorMessage(err)}`);
    }
    return [];
  }
  folders.sort();
  const skills: Skill[] = [];
  for (const folder of folders) {
    const dir = join(root, folder);
    const path = join(dir, SKILL_FILE);
    let text: string;
    try {
      text = await Deno.readTextFile(path);
    } catch (err) {
      if (err instanceof Deno.errors.NotFound) {
        warnings.push(`skill folder ${dir} has no ${SKILL_FILE}; add one or remove the folder`);
      } else if (!(err instanceof Deno.errors.NotADirectory)) {
        warnings.push(`cannot read ${path}: ${errorMessage(err)}`);
      }
      continue;
    }
    const parsed = parseFrontmatter(text);
    for (const problem of parsed.problems) warnings.push(`${path}: ${problem}`);
    const name = stringField(parsed.data.name).trim() || folder;
    if (!SKILL_NAME.test(name)) {
      warnings.push(
        `${path}: skill name ${
          JSON.stringify(name)
        } is not usable; use letters, digits, ".", "_" ` +
          `or "-" (at most 64 characters)`,
      );
      continue;
    }
    skills.push({
      name,
      description: oneLine(stringField(parsed.data.description)),
      path,
      dir,
      scope,
    });
  }
  return skills;
}

/** The system-prompt addendum listing the skills; empty when there are none. */
export function systemPromptSection(skills: SkillSet | readonly Skill[]): string {
  const list = skills instanceof SkillSet ? skills.skills : skills;
  if (list.length === 0) return "";
  const lines = list.map((s) => `- ${s.name}: ${s.description || "(no description)"} (${s.path})`);
  return [
    "## Skills",
    "",
    "Skills hold instructions for particular tasks. When a task matches a skill, call the " +
    "skill tool with its name to load it before you start, then follow it.",
    "",
    ...lines,
  ].join("\n");
}

function stringField(value: string | string[] | undefined): string {
  if (value === undefined) return "";
  return Array.isArray(value) ? value.join(", ") : value;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
