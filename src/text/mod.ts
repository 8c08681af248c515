/**
 * Text: what zot did not write itself, made safe for a terminal (used by the TUI and every
 * mode), and the one order names are sorted in.
 */
export { sanitizeLine, sanitizeText } from "./sanitize.ts";
export { byCodeUnit } from "./order.ts";
