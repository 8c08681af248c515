/** The built-in command table of docs/extensions.md, rendered from the registry. */

import { BUILTIN_COMMANDS, MODE_NAMES } from "./registry.ts";

/** Marks where the generated table starts and ends in docs/extensions.md. */
export const DOCS_TABLE_START = "<!-- builtin-commands:start (deno task docs:commands) -->";
/** The end marker. */
export const DOCS_TABLE_END = "<!-- builtin-commands:end -->";

/** The markdown table of built-ins, between its markers. */
export function commandsTable(): string {
  const rows = BUILTIN_COMMANDS.map((c) => {
    const modes = c.modes.length === MODE_NAMES.length ? "all" : c.modes.join(", ");
    return `| \`/${c.name}\` | ${markdownText(c.description)} | ${modes} |`;
  });
  return [
    DOCS_TABLE_START,
    "| command | what it does | modes |",
    "|---|---|---|",
    ...rows,
    DOCS_TABLE_END,
  ].join("\n");
}

/** Replaces the table between the markers in `doc`; undefined when the markers are missing. */
export function withCommandsTable(doc: string): string | undefined {
  const start = doc.indexOf(DOCS_TABLE_START);
  const end = doc.indexOf(DOCS_TABLE_END);
  if (start < 0 || end < start) return undefined;
  return doc.slice(0, start) + commandsTable() + doc.slice(end + DOCS_TABLE_END.length);
}

/** Keeps `<id>` visible and a `|` inside its cell. */
function markdownText(text: string): string {
  return text.replace(/[<>|]/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "|": "\\|" })[ch] ?? ch);
}
