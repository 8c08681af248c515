import { join } from "node:path";
import { buildSystemPrompt, DEFAULT_IDENTITY } from "../../src/agent/mod.ts";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";

const date = new Date("2026-05-06T12:00:00Z");

Deno.test("the default prompt has the identity, date and cwd", async () => {
  const cwd = await Deno.makeTempDir();
  try {
    const prompt = await buildSystemPrompt({ cwd, date, systemFile: join(cwd, "missing.md") });
    assert.ok(prompt.startsWith(DEFAULT_IDENTITY));
    assert.ok(prompt.endsWith(`Current date: 2026-05-06\nCurrent working directory: ${cwd}`));
  } finally {
    await Deno.remove(cwd, { recursive: true });
  }
});

Deno.test("SYSTEM.md replaces the identity; --system-prompt beats it; appends, AGENTS.md and skills follow", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const systemFile = join(dir, "SYSTEM.md");
    await Deno.writeTextFile(systemFile, "  You are a pirate.  \n");
    await Deno.writeTextFile(join(dir, "AGENTS.md"), "Use tabs.\n");
    const fromFile = await buildSystemPrompt({ cwd: dir, date, systemFile });
    assert.ok(fromFile.startsWith("You are a pirate.\n\n"));
    assertEquals(fromFile.includes(DEFAULT_IDENTITY), false);
    assertIncludes(fromFile, `# Project instructions (${join(dir, "AGENTS.md")})\n\nUse tabs.`);

    const full = await buildSystemPrompt({
      cwd: dir,
      date,
      systemFile,
      systemPrompt: "You are terse.",
      append: ["Extra one.", "Extra two."],
      skills: "# Skills\n- a: does a",
      toolNames: ["bash", "read"],
    });
    const order = [
      "You are terse.",
      "Use tabs.",
      "Extra one.",
      "Extra two.",
      "# Skills",
      "Available tools: bash, read",
      "Current date",
    ];
    const positions = order.map((s) => full.indexOf(s));
    assertEquals(positions.every((p) => p >= 0), true, full);
    assertEquals([...positions].sort((a, b) => a - b), positions);
    assertEquals(full.includes("pirate"), false);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("an empty SYSTEM.md keeps the default identity", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const systemFile = join(dir, "SYSTEM.md");
    await Deno.writeTextFile(systemFile, "\n\n");
    const prompt = await buildSystemPrompt({ cwd: dir, date, systemFile });
    assert.ok(prompt.startsWith(DEFAULT_IDENTITY));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
