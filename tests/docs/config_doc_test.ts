/**
 * docs/config.md is the reference a new user is sent to: it must name every environment
 * variable the code reads and every file under $ZOT_HOME, and the README must link it and the
 * contract whose Quick start it quotes.
 */

import { join, relative } from "node:path";
import { assert, assertIncludes } from "../support/assert.ts";

const REPO = join(import.meta.dirname!, "..", "..");

async function sources(dir: string): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) files.push(...await sources(path));
    else if (entry.name.endsWith(".ts") && !path.includes("templates")) files.push(path);
  }
  return files;
}

Deno.test("docs/config.md names every environment variable zot reads", async () => {
  const doc = await Deno.readTextFile(join(REPO, "docs", "config.md"));
  const read = new Map<string, string>();
  for (const file of await sources(join(REPO, "src"))) {
    const text = await Deno.readTextFile(file);
    // Reads only: `env.TMPDIR = …` sets a variable for a child, which is not configuration.
    const patterns = [/\bget\("([A-Z][A-Z0-9_]+)"\)/g, /\benv\.([A-Z][A-Z0-9_]+)\b(?!\s*=[^=])/g];
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) read.set(match[1], relative(REPO, file));
    }
  }
  assert.ok(read.has("ZOT_HOME") && read.has("ZOTCORE_RPC_TOKEN"), "the scan finds reads");
  for (const [name, file] of read) assertIncludes(doc, `\`${name}\``, `${name} (read in ${file})`);
  for (const name of ["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "<NAME>_API_KEY"]) {
    assertIncludes(doc, name);
  }
});

Deno.test("docs/config.md describes every file under $ZOT_HOME", async () => {
  const doc = await Deno.readTextFile(join(REPO, "docs", "config.md"));
  const paths = await Deno.readTextFile(join(REPO, "src", "config", "zot_home.ts"));
  const names = [...paths.matchAll(/join\(this\.home, "([^"]+)"\)/g)].map((m) => m[1]);
  assert.ok(names.includes("auth.json") && names.includes("models.json"), names.join(", "));
  for (const name of names) assertIncludes(doc, name);
  assertIncludes(doc, "~/.local/state/zot");
  assertIncludes(doc, "AGENTS.md");
});

Deno.test("the README links the configuration reference and the contract's Quick start", async () => {
  const readme = await Deno.readTextFile(join(REPO, "README.md"));
  assertIncludes(readme, "(docs/config.md)");
  assertIncludes(readme, "(docs/contract.md#quick-start)");
  assertIncludes(readme, "extensions/examples/hello-py");
  const contract = await Deno.readTextFile(join(REPO, "docs", "contract.md"));
  assertIncludes(contract, "## Quick start");
  assertIncludes(contract, "hello-py");
});
