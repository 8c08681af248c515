/**
 * Strips terminal control sequences from text zot did not write itself (extension
 * lines, notify messages, tool output, model text). A stray escape could move the
 * cursor, recolour the screen, set the title or break the width arithmetic of the
 * renderer; what remains is printable text, with tabs expanded.
 */

// CSI (ESC [ … final), OSC/DCS/APC/PM/SOS strings (ESC ] … BEL or ST), single ESC x,
// and their 8-bit C1 forms.
const ESCAPES = new RegExp(
  [
    "\\x1b\\[[0-?]*[ -/]*[@-~]?",
    "\\x9b[0-?]*[ -/]*[@-~]?",
    "\\x1b[\\]PX^_][\\s\\S]*?(?:\\x07|\\x1b\\\\|$)",
    "[\\x90\\x98\\x9d\\x9e\\x9f][\\s\\S]*?(?:\\x07|\\x9c|\\x1b\\\\|$)",
    "\\x1b[ -/]*[0-~]?",
  ].join("|"),
  "g",
);
// C0 controls except \n and \t, DEL, and C1 controls; plus bidi overrides that can
// reorder what the user sees.
// deno-lint-ignore no-control-regex -- matching control characters is the point
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

/** Removes escape sequences and control characters; keeps newlines, expands tabs. */
export function sanitizeText(text: string, tabWidth = 4): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(ESCAPES, "")
    .replace(CONTROLS, "")
    .replace(/\t/g, " ".repeat(tabWidth));
}

/** Sanitises one line: like sanitizeText, and newlines become spaces. */
export function sanitizeLine(text: string): string {
  return sanitizeText(text).replace(/\n/g, " ");
}
