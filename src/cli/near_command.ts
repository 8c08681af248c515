/**
 * A prompt of one or two words that is a near-miss of a subcommand (`zot completion bash`,
 * `zot doctr`) is almost certainly a typo, not a question for the model: refuse it with the
 * command it resembles. Anything longer, quoted into one argument, or after -p still goes to
 * the model, so real prompts are never blocked.
 */

import { UsageError } from "../errors/mod.ts";

/** Throws a UsageError when `args` look like a mistyped subcommand of `commands`. */
export function refuseNearCommand(args: readonly string[], commands: readonly string[]): void {
  const [word, ...rest] = args;
  if (word === undefined || rest.length > 1 || !/^[a-z][a-z-]*$/.test(word)) return;
  if (commands.includes(word)) return;
  // Short names (ext, rpc) have too many one-letter neighbours that are real words.
  const near = commands.find((name) =>
    (name.length >= 5 && distance(word, name) <= 1) ||
    (word.length >= 4 && name.startsWith(word)) ||
    (word.startsWith(name) && word.length === name.length + 1)
  );
  if (near === undefined) return;
  const prompt = args.join(" ");
  throw new UsageError(`"${word}" is not a zot command; did you mean: zot ${near}`, {
    hint: `to send it to the model instead, run: zot -p "${prompt}"`,
  });
}

/** Levenshtein distance; the words are short, so the plain table is enough. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
    }
    previous = current;
  }
  return previous[b.length];
}
