/**
 * The one wrapper around `jsonc-parser`: JSON with comments and trailing commas, parsed with
 * errors that point at a line and column, and edited in place so comments and layout survive.
 */

import {
  applyEdits,
  createScanner,
  type Edit,
  findNodeAtLocation,
  modify,
  type Node,
  parse,
  type ParseError,
  parseTree,
  printParseErrorCode,
} from "jsonc-parser";
import { ConfigError } from "../errors/mod.ts";
import { describeJsoncProblem, type JsoncPath, type JsoncResult } from "./problem.ts";

const PARSE_OPTIONS = {
  allowTrailingComma: true,
  disallowComments: false,
  allowEmptyContent: false,
};

const DESCRIPTIONS: Record<string, string> = {
  InvalidSymbol: "unexpected character",
  InvalidNumberFormat: "invalid number",
  PropertyNameExpected: "expected a property name in double quotes",
  ValueExpected: "expected a value",
  ColonExpected: "expected a colon",
  CommaExpected: "expected a comma",
  CloseBraceExpected: "expected a closing brace",
  CloseBracketExpected: "expected a closing bracket",
  EndOfFileExpected: "unexpected text after the end of the value",
  InvalidCommentToken: "invalid comment",
  UnexpectedEndOfComment: "unterminated comment",
  UnexpectedEndOfString: "unterminated string",
  UnexpectedEndOfNumber: "unterminated number",
  InvalidUnicode: "invalid unicode escape",
  InvalidEscapeCharacter: "invalid escape character",
  InvalidCharacter: "invalid character in a string",
};

// jsonc-parser's SyntaxKind values; it is a const enum, which isolatedModules cannot import.
const TOKEN = {
  comma: 5,
  lineComment: 12,
  blockComment: 13,
  lineBreak: 14,
  whitespace: 15,
  eof: 17,
} as const;

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Parses JSONC text; syntax errors come back as problems instead of a thrown error. */
export function tryParseJsonc(text: string): JsoncResult {
  const errors: ParseError[] = [];
  const value = parse(text, errors, PARSE_OPTIONS);
  if (errors.length === 0) return { ok: true, value };
  const problems = errors.map((e) => ({
    message: DESCRIPTIONS[printParseErrorCode(e.error)] ?? "invalid JSON",
    offset: e.offset,
    ...lineAndColumn(text, e.offset),
  }));
  return { ok: false, problems };
}

/** Parses JSONC text from `file`; a syntax error is a ConfigError naming the file, line and column. */
export function parseJsonc(text: string, file: string): unknown {
  const result = tryParseJsonc(text);
  if (result.ok) return result.value;
  throw new ConfigError(
    "jsonc_syntax",
    `invalid JSON in ${describeJsoncProblem(file, result.problems[0])}`,
    { hint: "fix the file and try again" },
  );
}

/**
 * Sets the value at `path` and returns the new text. Only the edited value (or the inserted
 * property) changes; comments, indentation and trailing-comma style elsewhere are kept.
 * Throws a ConfigError when the text is not valid JSONC or the edit would not take effect
 * (for example a key that appears twice).
 */
export function setJsoncProperty(
  text: string,
  path: JsoncPath,
  value: unknown,
  file = "<text>",
): string {
  parseJsonc(text, file);
  const root = parseTree(text, [], PARSE_OPTIONS);
  const existing = root ? findNodeAtLocation(root, path) : undefined;
  let edits: Edit[];
  if (existing || path.length !== 1 || typeof path[0] !== "string" || root?.type !== "object") {
    edits = modify(text, path, value, { formattingOptions: detectFormatting(text) });
  } else {
    edits = insertTopLevelProperty(text, root, path[0], value);
  }
  const next = applyEdits(text, edits);
  const check = tryParseJsonc(next);
  const after = check.ok ? valueAt(check.value, path) : undefined;
  if (!check.ok || JSON.stringify(after) !== JSON.stringify(value)) {
    throw new ConfigError(
      "jsonc_edit",
      `cannot set ${JSON.stringify(path.join("."))} in ${file}: the file was left unchanged`,
      { hint: "check that the key appears only once, or edit the file by hand" },
    );
  }
  return next;
}

function valueAt(value: unknown, path: JsoncPath): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

function detectFormatting(text: string): { insertSpaces: boolean; tabSize: number; eol: string } {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const indent = /\n([ \t]+)\S/.exec(text)?.[1];
  if (indent?.startsWith("\t")) return { insertSpaces: false, tabSize: 1, eol };
  return { insertSpaces: true, tabSize: indent ? indent.length : 2, eol };
}

/**
 * Adds `"key": value` after the last property of the root object, copying that property's
 * indentation and the file's comma style. jsonc-parser's own insert re-formats the previous
 * property, which would rewrite lines the user wrote.
 */
function insertTopLevelProperty(text: string, root: Node, key: string, value: unknown): Edit[] {
  const last = root.children?.at(-1);
  if (!last) return modify(text, [key], value, { formattingOptions: detectFormatting(text) });
  const property = `${JSON.stringify(key)}: ${JSON.stringify(value)}`;
  const valueEnd = last.offset + last.length;
  const scanner = createScanner(text, false);
  scanner.setPosition(valueEnd);
  let commaEnd: number | undefined;
  let lineEnd: number | undefined;
  for (let kind = scanner.scan(); kind !== TOKEN.eof; kind = scanner.scan()) {
    if (kind === TOKEN.comma && commaEnd === undefined) {
      commaEnd = scanner.getTokenOffset() + scanner.getTokenLength();
    } else if (kind === TOKEN.lineBreak) {
      lineEnd = scanner.getTokenOffset();
      break;
    } else if (kind !== TOKEN.whitespace && kind !== TOKEN.lineComment) {
      const isComment = kind === TOKEN.blockComment;
      if (!isComment || scanner.getTokenValue().includes("\n")) break;
    }
  }
  if (lineEnd === undefined) {
    // The object closes on the same line as its last property: stay on that line.
    if (commaEnd !== undefined) return [{ offset: commaEnd, length: 0, content: ` ${property},` }];
    return [{ offset: valueEnd, length: 0, content: `, ${property}` }];
  }
  const eol = text.charCodeAt(lineEnd) === 13 ? "\r\n" : "\n";
  const indent = indentationOf(text, last.offset);
  if (commaEnd !== undefined) {
    return [{ offset: lineEnd, length: 0, content: `${eol}${indent}${property},` }];
  }
  return [
    { offset: valueEnd, length: 0, content: "," },
    { offset: lineEnd, length: 0, content: `${eol}${indent}${property}` },
  ];
}

function indentationOf(text: string, offset: number): string {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const prefix = text.slice(lineStart, offset);
  return /^[ \t]*$/.test(prefix) ? prefix : "  ";
}
