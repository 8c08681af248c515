/** The TUI's sanitiser is the shared one in src/text (every mode strips extension text). */
export { sanitizeLine, sanitizeText } from "../text/mod.ts";
