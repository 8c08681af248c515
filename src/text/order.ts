/**
 * Sorting names (tools, commands, models, providers) by their UTF-16 code units. Not
 * `localeCompare`: its first call builds an ICU collator, about 7 ms of every run's start,
 * and its order would change with the user's locale; names are identifiers, not prose.
 */

/** Compares two strings by code unit, for `Array.prototype.sort`. */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
