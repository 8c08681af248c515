/** Rewrites the built-in command table of docs/extensions.md from src/commands (deno task docs:commands). */

import { join } from "node:path";
import { withCommandsTable } from "../src/commands/mod.ts";

const doc = join(import.meta.dirname!, "..", "docs", "extensions.md");
const text = await Deno.readTextFile(doc);
const next = withCommandsTable(text);
if (next === undefined) {
  console.error(`${doc} has no built-in command table markers; add them where the table goes`);
  Deno.exit(1);
}
if (next !== text) await Deno.writeTextFile(doc, next);
console.log(next === text ? `${doc} is up to date` : `updated ${doc}`);
