/**
 * A small syntax highlighter for code blocks: comments, strings, numbers and keywords of
 * the languages a coding agent shows most. Good enough for a terminal, and no dependency.
 */

import type { Theme } from "./theme.ts";

const KEYWORDS: Record<string, string[]> = {
  js: [
    "async",
    "await",
    "break",
    "case",
    "catch",
    "class",
    "const",
    "continue",
    "default",
    "delete",
    "do",
    "else",
    "export",
    "extends",
    "false",
    "finally",
    "for",
    "from",
    "function",
    "if",
    "import",
    "in",
    "instanceof",
    "interface",
    "let",
    "new",
    "null",
    "of",
    "return",
    "static",
    "super",
    "switch",
    "this",
    "throw",
    "true",
    "try",
    "type",
    "typeof",
    "undefined",
    "var",
    "void",
    "while",
    "yield",
  ],
  py: ("and as assert async await break class continue def del elif else except False " +
    "finally for from global if import in is lambda None nonlocal not or pass raise " +
    "return True try while with yield").split(" "),
  go: ("break case chan const continue default defer else fallthrough for func go goto if " +
    "import interface map package range return select struct switch type var nil true false")
    .split(" "),
  rs: ("as async await break const continue crate else enum extern false fn for if impl in " +
    "let loop match mod move mut pub ref return self Self static struct super trait true " +
    "type unsafe use where while").split(" "),
  sh: ("if then else elif fi for while do done case esac in function return local export " +
    "echo exit set unset").split(" "),
};

const ALIASES: Record<string, string> = {
  ts: "js",
  tsx: "js",
  typescript: "js",
  javascript: "js",
  jsx: "js",
  json: "js",
  python: "py",
  golang: "go",
  rust: "rs",
  bash: "sh",
  shell: "sh",
  zsh: "sh",
  console: "sh",
};

function languageOf(lang: string | undefined): string | undefined {
  if (!lang) return undefined;
  const l = lang.toLowerCase().trim();
  return KEYWORDS[l] ? l : ALIASES[l];
}

const TOKEN =
  /(\/\/[^\n]*|#[^\n]*|\/\*[\s\S]*?\*\/)|("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`)|(\b\d[\d_]*(?:\.\d+)?\b)|([A-Za-z_$][\w$]*)/g;

/** Returns a highlighter for pi-tui's Markdown: code in, one styled string per line out. */
export function createHighlighter(theme: () => Theme): (code: string, lang?: string) => string[] {
  return (code, lang) => {
    const t = theme();
    const language = languageOf(lang);
    if (!t.color || !language) return code.split("\n");
    const words = new Set(KEYWORDS[language]);
    const hashComments = language === "py" || language === "sh";
    const slashComments = language !== "py" && language !== "sh";
    return code.split("\n").map((line) =>
      line.replace(TOKEN, (m, comment?: string, str?: string, num?: string, word?: string) => {
        if (comment) {
          const isHash = comment.startsWith("#");
          if ((isHash && hashComments) || (!isHash && slashComments)) return t.comment(m);
          return m;
        }
        if (str) return t.string(m);
        if (num) return t.number(m);
        if (word && words.has(word)) return t.keyword(m);
        return m;
      })
    );
  };
}
