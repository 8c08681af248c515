/**
 * A small parser for the YAML-ish frontmatter of SKILL.md: top-level `key: value` pairs,
 * quoted strings, inline `[a, b]` and block `- x` lists, `|`/`>` block scalars. Anything it
 * cannot read is reported as a problem instead of failing, so one odd skill never breaks
 * discovery.
 */

/** A frontmatter value: a string or a list of strings. */
export type FrontmatterValue = string | string[];

/** The parsed file: fields, the markdown after the frontmatter, and what looked wrong. */
export interface ParsedFrontmatter {
  data: Record<string, FrontmatterValue>;
  body: string;
  problems: string[];
}

const KEY = /^([A-Za-z_][\w-]*)\s*:(?:\s+(.*)|\s*)$/;

/** Splits a markdown file into frontmatter fields and body. */
export function parseFrontmatter(source: string): ParsedFrontmatter {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
  const lines = text.split("\n");
  if (lines[0]?.trimEnd() !== "---") return { data: {}, body: text, problems: [] };
  const close = lines.findIndex((line, i) => i > 0 && /^(---|\.\.\.)\s*$/.test(line));
  if (close === -1) {
    return {
      data: {},
      body: text,
      problems: ["frontmatter starts with --- but has no closing ---"],
    };
  }
  const body = lines.slice(close + 1).join("\n").replace(/^\n+/, "");
  const { data, problems } = parseFields(lines.slice(1, close));
  return { data, body, problems };
}

function parseFields(
  lines: string[],
): { data: Record<string, FrontmatterValue>; problems: string[] } {
  const data: Record<string, FrontmatterValue> = {};
  const problems: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === "" || line.trimStart().startsWith("#")) {
      i++;
      continue;
    }
    const match = KEY.exec(line);
    if (!match) {
      problems.push(`frontmatter line ${i + 2} is not "key: value": ${JSON.stringify(line)}`);
      i++;
      continue;
    }
    const key = match[1];
    const raw = (match[2] ?? "").trim();
    let j = i + 1;
    while (j < lines.length && (lines[j].trim() === "" || /^\s/.test(lines[j]))) j++;
    // Trailing blank lines belong to no one.
    let end = j;
    while (end > i + 1 && lines[end - 1].trim() === "") end--;
    const block = lines.slice(i + 1, end);
    data[key] = parseValue(raw, block);
    i = j;
  }
  return { data, problems };
}

function parseValue(raw: string, block: string[]): FrontmatterValue {
  if (/^[|>][+-]?$/.test(raw)) {
    const indent = Math.min(
      ...block.filter((l) => l.trim() !== "").map((l) => l.length - l.trimStart().length),
    );
    const content = block.map((l) => l.slice(Number.isFinite(indent) ? indent : 0));
    return raw.startsWith("|") ? content.join("\n").trimEnd() : foldLines(content);
  }
  if (raw === "") {
    const items = block.filter((l) => l.trim() !== "");
    if (items.length > 0 && items.every((l) => /^\s*-(\s|$)/.test(l))) {
      return items.map((l) => unquote(stripComment(l.replace(/^\s*-\s*/, ""))));
    }
    return items.map((l) => l.trim()).join(" ");
  }
  const value = stripComment(raw);
  if (value.startsWith("[") && value.endsWith("]")) {
    return value.slice(1, -1).split(",").map((s) => unquote(s.trim())).filter((s) => s !== "");
  }
  const continuation = block.map((l) => l.trim()).filter((l) => l !== "");
  return unquote([value, ...continuation].join(" "));
}

function foldLines(lines: string[]): string {
  const paragraphs: string[] = [];
  let current: string[] = [];
  for (const line of lines) {
    if (line.trim() === "") {
      if (current.length) paragraphs.push(current.join(" "));
      current = [];
    } else current.push(line.trim());
  }
  if (current.length) paragraphs.push(current.join(" "));
  return paragraphs.join("\n");
}

function stripComment(value: string): string {
  const quote = value[0];
  if (quote === '"' || quote === "'") {
    const close = closingQuote(value, quote);
    const rest = close === -1 ? "" : value.slice(close + 1);
    return close !== -1 && /^\s*(#.*)?$/.test(rest) ? value.slice(0, close + 1) : value;
  }
  const at = value.search(/\s#/);
  return at === -1 ? value : value.slice(0, at).trimEnd();
}

/** Index of the quote closing the one at 0 (`\"` escapes in "…", `''` in '…'), or -1. */
function closingQuote(value: string, quote: string): number {
  for (let i = 1; i < value.length; i++) {
    if (quote === '"' && value[i] === "\\") i++;
    else if (value[i] === quote) {
      if (quote === "'" && value[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    try {
      return JSON.parse(value);
    } catch {
      return value.slice(1, -1);
    }
  }
  if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) {
    return value.slice(1, -1).replaceAll("''", "'");
  }
  return value;
}
