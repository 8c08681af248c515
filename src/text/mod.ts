/** Text zot did not write itself, made safe for a terminal: used by the TUI and every mode. */
export { sanitizeLine, sanitizeText } from "./sanitize.ts";
