import { join } from "node:path";
import { ZotPaths } from "../../src/config/mod.ts";
import { ConfigError } from "../../src/errors/mod.ts";
import { discoverSkills, SkillSet, systemPromptSection } from "../../src/skills/mod.ts";
import { assert, assertEquals, assertIncludes, assertRejects } from "../support/assert.ts";

interface Roots {
  cwd: string;
  paths: ZotPaths;
  project: string;
  user: string;
}

async function withRoots(fn: (roots: Roots) => Promise<void>): Promise<void> {
  const base = await Deno.realPath(await Deno.makeTempDir({ prefix: "zot-skills-test-" }));
  try {
    const cwd = join(base, "project");
    const home = join(base, "home");
    await Deno.mkdir(cwd);
    await Deno.mkdir(home);
    await fn({
      cwd,
      paths: new ZotPaths(home),
      project: join(cwd, ".zot", "skills"),
      user: join(home, "skills"),
    });
  } finally {
    await Deno.remove(base, { recursive: true });
  }
}

async function addSkill(root: string, folder: string, text: string): Promise<string> {
  await Deno.mkdir(join(root, folder), { recursive: true });
  const path = join(root, folder, "SKILL.md");
  await Deno.writeTextFile(path, text);
  return path;
}

Deno.test("skills: project skills shadow user skills; name defaults to the folder", async () => {
  await withRoots(async (roots) => {
    const projectPath = await addSkill(
      roots.project,
      "deploy",
      "---\ndescription: project deploy\n---\nrun it\n",
    );
    await addSkill(roots.user, "deploy", "---\ndescription: user deploy\n---\nother\n");
    const userPath = await addSkill(
      roots.user,
      "folder-name",
      "---\nname: review\ndescription: |\n  Review code\n  carefully\n---\nbody\n",
    );
    await addSkill(roots.user, "plain", "no frontmatter at all\n");
    const set = await discoverSkills({ cwd: roots.cwd, paths: roots.paths });
    assertEquals(set.names(), ["deploy", "plain", "review"]);
    assertEquals(set.get("deploy"), {
      name: "deploy",
      description: "project deploy",
      path: projectPath,
      dir: join(roots.project, "deploy"),
      scope: "project",
    });
    assertEquals(set.get("review")?.path, userPath);
    assertEquals(set.get("review")?.description, "Review code carefully");
    assertEquals(set.get("plain")?.description, "");
    assertEquals(set.warnings, []);
  });
});

Deno.test("skills: bad folders become warnings and never stop discovery", async () => {
  await withRoots(async (roots) => {
    await Deno.mkdir(join(roots.user, "empty"), { recursive: true });
    await addSkill(roots.user, "weird", "---\nname: has space\n---\n");
    await addSkill(roots.user, "good", "---\ndescription: fine\n---\n");
    await addSkill(roots.user, "open", "---\nname: open\n");
    await Deno.writeTextFile(join(roots.user, "stray.md"), "not a skill folder");
    const set = await discoverSkills({ cwd: roots.cwd, paths: roots.paths });
    assertEquals(set.names(), ["good", "open"]);
    assertEquals(set.warnings.length, 3);
    assertIncludes(
      set.warnings.join("\n"),
      `skill folder ${join(roots.user, "empty")} has no SKILL.md`,
    );
    assertIncludes(set.warnings.join("\n"), 'skill name "has space" is not usable');
    assertIncludes(set.warnings.join("\n"), "has no closing ---");
  });
});

Deno.test("skills: no skill folders at all is an empty set", async () => {
  await withRoots(async (roots) => {
    const set = await discoverSkills({ cwd: roots.cwd, paths: roots.paths });
    assertEquals(set.size, 0);
    assertEquals(set.warnings, []);
    assertEquals(systemPromptSection(set), "");
  });
});

Deno.test("skills: the system prompt lists each skill with its description and path", async () => {
  await withRoots(async (roots) => {
    const a = await addSkill(roots.project, "alpha", "---\ndescription: First one\n---\n");
    const b = await addSkill(roots.user, "beta", "plain\n");
    const section = systemPromptSection(
      await discoverSkills({ cwd: roots.cwd, paths: roots.paths }),
    );
    assert.ok(section.startsWith("## Skills\n\n"));
    assert.ok(section.endsWith(`\n- alpha: First one (${a})\n- beta: (no description) (${b})`));
    assertIncludes(section, "call the skill tool with its name");
  });
});

Deno.test("skills: loadSkill returns heading, description and body, read fresh from disk", async () => {
  await withRoots(async (roots) => {
    const path = await addSkill(
      roots.user,
      "fmt",
      "---\ndescription: Format code\n---\n\nStep 1\n",
    );
    const set = await discoverSkills({ cwd: roots.cwd, paths: roots.paths });
    assertEquals(await set.loadSkill("fmt"), "# Skill: fmt\n\nFormat code\n\n---\n\nStep 1");
    await Deno.writeTextFile(path, "---\ndescription: Format code\n---\nStep 2\n");
    assertEquals(await set.loadSkill("fmt"), "# Skill: fmt\n\nFormat code\n\n---\n\nStep 2");
    const unknown = await assertRejects(() => set.loadSkill("nope"), ConfigError);
    assertEquals(unknown.message, 'unknown skill "nope"; available skills: fmt');
    await Deno.remove(path);
    const gone = await assertRejects(() => set.loadSkill("fmt"), ConfigError);
    assertIncludes(gone.message, `skill "fmt" cannot be read from ${path}`);
    assertEquals(
      (await assertRejects(() => SkillSet.empty().loadSkill("x"), ConfigError)).message,
      'unknown skill "x"; no skills are installed',
    );
  });
});
