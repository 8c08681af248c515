import { join } from "node:path";
import { UsageError } from "../../src/errors/mod.ts";
import { SkillSet } from "../../src/skills/mod.ts";
import { builtinTools } from "../../src/tools/mod.ts";
import { checkToolSchema } from "../../src/schema/mod.ts";
import { assert, assertEquals, assertIncludes, assertThrows } from "../support/assert.ts";
import { contextFor, textOf, withTempDir } from "./helpers.ts";

function names(tools: { spec: { name: string } }[]): string[] {
  return tools.map((t) => t.spec.name);
}

Deno.test("registry: sorted tools, skill only when skills exist, every schema valid", () => {
  const none = builtinTools({ skills: SkillSet.empty() });
  assertEquals(names(none), ["bash", "edit", "read", "write"]);
  const skills = new SkillSet([{
    name: "x",
    description: "",
    path: "/x/SKILL.md",
    dir: "/x",
    scope: "user",
  }]);
  const all = builtinTools({ skills });
  assertEquals(names(all), ["bash", "edit", "read", "skill", "write"]);
  for (const tool of all) {
    assertEquals(checkToolSchema(tool.spec.schema), [], tool.spec.name);
    assert.ok(tool.spec.description.length > 20);
  }
});

Deno.test("registry: only filters, none removes everything, unknown names list the valid ones", () => {
  const skills = SkillSet.empty();
  assertEquals(names(builtinTools({ skills, only: ["write", "read"] })), ["read", "write"]);
  assertEquals(names(builtinTools({ skills, only: ["skill"] })), []);
  assertEquals(builtinTools({ skills, none: true }), []);
  const err = assertThrows(
    () => builtinTools({ skills, only: ["read", "grep", "ls"] }),
    UsageError,
  );
  assertEquals(
    err.message,
    'unknown built-in tools "grep", "ls"; valid names: bash, edit, read, skill, write',
  );
});

Deno.test("skill tool loads a skill by name and explains unknown names", async () => {
  await withTempDir(async (dir) => {
    const path = join(dir, "SKILL.md");
    await Deno.writeTextFile(path, "---\ndescription: Do it\n---\nsteps\n");
    const skills = new SkillSet([{
      name: "doit",
      description: "Do it",
      path,
      dir,
      scope: "project",
    }]);
    const tool = builtinTools({ skills, only: ["skill"] })[0];
    const out = await tool.execute({ name: "doit" }, contextFor(dir));
    assertEquals(out.isError, false);
    assertEquals(textOf(out), "# Skill: doit\n\nDo it\n\n---\n\nsteps");
    const bad = await tool.execute({ name: "other" }, contextFor(dir));
    assert.ok(bad.isError);
    assertEquals(textOf(bad), 'skill: unknown skill "other"; available skills: doit');
    const missing = await tool.execute({}, contextFor(dir));
    assertIncludes(textOf(missing), "skill: invalid arguments");
  });
});
