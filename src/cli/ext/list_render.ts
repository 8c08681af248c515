/** `zot ext list`: one row per extension folder found, as a table, plain lines or JSON. */

import { basename } from "../../paths/mod.ts";
import type { DiscoveryResult } from "../../extensions/mod.ts";
import { type Output, paint, type Style } from "../output.ts";

/** The state of one listed extension. */
export type ListState = "enabled" | "disabled" | "invalid" | "shadowed";

/** One row of `zot ext list`; also the `--json` shape. */
export interface ListRow {
  /** The manifest name; for an invalid manifest, the folder name (what `remove` accepts). */
  name: string;
  version: string | null;
  source: "flag" | "project" | "global";
  state: ListState;
  /** Why the manifest is invalid, or which extension shadows this one. */
  reason: string | null;
  /** `unrestricted`, or how a sandboxed extension is granted (null when invalid). */
  access: string | null;
  description: string | null;
  language: string | null;
  /** Project extensions: `trusted`, `untrusted` or `modified` (null elsewhere: no trust needed). */
  trust: string | null;
  /** Tool calls are blocked while it is not running (`zot ext require`). */
  required: boolean;
  /** `mcp` for an MCP server, `ndjson` for zot's own protocol (null when invalid). */
  protocol: "ndjson" | "mcp" | null;
  /** For a shadowed row: the copy that wins. */
  shadowedBy: { source: "flag" | "project" | "global"; dir: string } | null;
  /** The extension folder. */
  path: string;
  manifestPath: string;
}

/** Trust and requirement of listed extensions, by folder (see ListRow). */
export interface ListMarks {
  trust?: ReadonlyMap<string, string>;
  required?: ReadonlySet<string>;
}

/** Rows in precedence order: loaded ones, then shadowed, then invalid. */
export function listRows(
  found: DiscoveryResult,
  access = new Map<string, string>(),
  marks: ListMarks = {},
): ListRow[] {
  const rows: ListRow[] = [];
  for (const ext of found.extensions) {
    rows.push({
      name: ext.name,
      version: ext.manifest.version ?? null,
      source: ext.source,
      state: ext.manifest.enabled ? "enabled" : "disabled",
      reason: null,
      access: access.get(ext.dir) ?? null,
      description: ext.manifest.description ?? null,
      language: ext.manifest.language ?? null,
      trust: marks.trust?.get(ext.dir) ?? null,
      required: marks.required?.has(ext.dir) ?? false,
      protocol: ext.manifest.protocol ?? "ndjson",
      shadowedBy: null,
      path: ext.dir,
      manifestPath: ext.manifestPath,
    });
  }
  for (const ext of found.shadowed) {
    rows.push({
      name: ext.name,
      version: ext.manifest.version ?? null,
      source: ext.source,
      state: "shadowed",
      reason: `shadowed by the ${ext.shadowedBy.source} copy in ${ext.shadowedBy.dir}`,
      access: access.get(ext.dir) ?? null,
      description: ext.manifest.description ?? null,
      language: ext.manifest.language ?? null,
      trust: marks.trust?.get(ext.dir) ?? null,
      required: marks.required?.has(ext.dir) ?? false,
      protocol: ext.manifest.protocol ?? "ndjson",
      shadowedBy: ext.shadowedBy,
      path: ext.dir,
      manifestPath: ext.manifestPath,
    });
  }
  for (const bad of found.invalid) {
    rows.push({
      name: basename(bad.dir),
      version: null,
      source: bad.source,
      state: "invalid",
      reason: bad.reason,
      access: null,
      description: null,
      language: null,
      trust: null,
      required: false,
      protocol: null,
      shadowedBy: null,
      path: bad.dir,
      manifestPath: bad.manifestPath,
    });
  }
  return rows;
}

const STATE_STYLE: Record<ListState, Style> = {
  enabled: "green",
  disabled: "yellow",
  invalid: "red",
  shadowed: "dim",
};

function stateText(row: ListRow): string {
  if (row.state === "invalid") return `invalid: ${row.reason}`;
  if (row.state === "shadowed") return `shadowed by ${row.shadowedBy?.source ?? "another copy"}`;
  return marked(row);
}

// Trust and requirement ride in the state cell, so the columns stay as they are.
function marked(row: ListRow): string {
  return [row.state, row.trust, row.required ? "required" : null].filter(Boolean).join(", ");
}

/**
 * One column of `zot ext list`, shared by the table and the plain format, so a new column is
 * one entry here. `table` and `plain` give the cell text (null or "" print as "-" in plain).
 */
export interface ListColumn {
  header: string;
  table(row: ListRow): string | null;
  plain(row: ListRow): string | null;
  /** Coloured by the row's state on a terminal. */
  styled?: boolean;
}

/**
 * The columns, in table order. The plain format prints them in the same order and is a
 * documented interface (docs/extensions.md): new columns are only ever added at the end.
 */
export const LIST_COLUMNS: readonly ListColumn[] = [
  { header: "NAME", table: (r) => r.name, plain: (r) => r.name },
  { header: "VERSION", table: (r) => r.version, plain: (r) => r.version },
  { header: "SOURCE", table: (r) => r.source, plain: (r) => r.source },
  {
    header: "STATE",
    table: (r) =>
      r.state === "shadowed" ? stateText(r) : r.state === "invalid" ? r.state : marked(r),
    plain: stateText,
    styled: true,
  },
  { header: "ACCESS", table: (r) => r.access, plain: (r) => r.access },
  { header: "DESCRIPTION", table: (r) => r.description ?? "", plain: (r) => r.description },
  { header: "PATH", table: (r) => r.path, plain: (r) => r.path },
];

/** Plain text for pipes: one tab-separated line per row, "-" for an empty field, no header. */
export function renderPlain(rows: ListRow[], columns = LIST_COLUMNS): string {
  return rows.map((row) =>
    columns.map((column) => column.plain(row))
      .map((field) => (field === null || field === "" ? "-" : terminalSafe(field)))
      .join("\t") + "\n"
  ).join("");
}

/** An aligned table for a terminal; a long reason goes on its own line under the row. */
export function renderTable(rows: ListRow[], output: Output, columns = LIST_COLUMNS): string {
  const header = columns.map((c) => c.header);
  const cells = rows.map((row) => columns.map((c) => terminalSafe(c.table(row) ?? "-")));
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const pad = (text: string, i: number) => text.padEnd(widths[i]);
  let text = paint(output, "bold", header.map(pad).join("  ").trimEnd()) + "\n";
  cells.forEach((cell, r) => {
    const row = rows[r];
    const line = cell.map((value, i) => {
      const padded = i === cell.length - 1 ? value : pad(value, i);
      return columns[i].styled ? paint(output, STATE_STYLE[row.state], padded) : padded;
    }).join("  ");
    text += line.trimEnd() + "\n";
    if (row.state === "invalid") {
      text += paint(output, "red", `  ↳ ${terminalSafe(row.reason ?? "")}`) + "\n";
    }
  });
  return text;
}

// Manifest text is foreign input: never let it put escape sequences on the user's terminal.
function terminalSafe(text: string): string {
  // deno-lint-ignore no-control-regex
  return text.replaceAll(/[\x00-\x1f\x7f-\x9f]/g, " ");
}
