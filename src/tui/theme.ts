/** Colours of the TUI. With colour off (NO_COLOR, or no colour terminal) every style is identity. */

import type { EditorTheme, MarkdownTheme } from "./pi_tui.ts";

type Paint = (text: string) => string;

function sgr(open: string, close: string): Paint {
  return (text) => `\x1b[${open}m${text}\x1b[${close}m`;
}

const plain: Paint = (text) => text;

/** The named styles components use. */
export interface Theme {
  readonly color: boolean;
  user: Paint;
  userLabel: Paint;
  assistantLabel: Paint;
  thinking: Paint;
  tool: Paint;
  toolOk: Paint;
  toolError: Paint;
  muted: Paint;
  note: Paint;
  error: Paint;
  warning: Paint;
  success: Paint;
  accent: Paint;
  bold: Paint;
  border: Paint;
  selected: Paint;
  /** Code highlighting classes. */
  keyword: Paint;
  string: Paint;
  number: Paint;
  comment: Paint;
  markdown: MarkdownTheme;
  editor: EditorTheme;
}

/** Builds the theme; `color: false` yields plain text everywhere. */
export function createTheme(
  color: boolean,
  highlight?: (code: string, lang?: string) => string[],
): Theme {
  const p = (open: string, close: string): Paint => color ? sgr(open, close) : plain;
  const bold = p("1", "22");
  const dim = p("2", "22");
  const italic = p("3", "23");
  const cyan = p("36", "39");
  const blue = p("34", "39");
  const yellow = p("33", "39");
  const magenta = p("35", "39");
  const green = p("32", "39");
  const red = p("31", "39");
  const gray = p("90", "39");
  const underline = p("4", "24");
  const strike = p("9", "29");
  const markdown: MarkdownTheme = {
    heading: (t) => bold(cyan(t)),
    link: (t) => underline(blue(t)),
    linkUrl: gray,
    code: yellow,
    codeBlock: plain,
    codeBlockBorder: gray,
    quote: italic,
    quoteBorder: gray,
    hr: gray,
    listBullet: cyan,
    bold,
    italic,
    strikethrough: strike,
    underline,
    highlightCode: highlight,
  };
  return {
    color,
    user: plain,
    userLabel: (t) => bold(green(t)),
    assistantLabel: (t) => bold(cyan(t)),
    thinking: (t) => dim(italic(t)),
    tool: magenta,
    toolOk: green,
    toolError: red,
    muted: gray,
    note: cyan,
    error: red,
    warning: yellow,
    success: green,
    accent: cyan,
    bold,
    border: gray,
    selected: (t) => bold(cyan(t)),
    keyword: magenta,
    string: green,
    number: yellow,
    comment: gray,
    markdown,
    editor: {
      borderColor: gray,
      selectList: {
        selectedPrefix: cyan,
        selectedText: (t) => bold(cyan(t)),
        description: gray,
        scrollInfo: gray,
        noMatch: gray,
      },
    },
  };
}

/** Whether colour is allowed: NO_COLOR (any non-empty value) turns it off. */
export function colorFromEnv(env: { get(name: string): string | undefined }): boolean {
  const noColor = env.get("NO_COLOR");
  return noColor === undefined || noColor === "";
}
