/**
 * Required extensions fail closed: while one is not running (never started because it is
 * untrusted, refused or disabled; crashed; silent past its hello deadline) every tool call is
 * blocked, and the reason names it and where to look. An unrequired guard that dies is
 * skipped (fail open), as the contract says.
 */

import type { BlockVerdict, ExtensionStatus } from "./host_types.ts";

/** What the required check sees of one started extension. */
export interface RequiredCandidate {
  readonly name: string;
  readonly running: boolean;
  status(): ExtensionStatus;
}

/**
 * The block verdict for the first required extension that is not running, or undefined
 * when all are. `required` maps each name to why zot never started it (when it did not).
 */
export function requiredBlock(
  required: ReadonlyMap<string, string>,
  extensions: readonly RequiredCandidate[],
): BlockVerdict | undefined {
  for (const [name, notStarted] of required) {
    const same = extensions.filter((ext) => ext.name === name);
    if (same.some((ext) => ext.running)) continue;
    const status = same[0]?.status();
    const why = status ? (status.reason ?? stateWords(status.state)) : notStarted;
    return { action: "block", extension: name, reason: requiredReason(name, why) };
  }
  return undefined;
}

function stateWords(state: ExtensionStatus["state"]): string {
  return state === "exited" ? "it exited" : state === "refused" ? "it was refused" : state;
}

/** The reason the model (and the user) see for a blocked tool call. */
export function requiredReason(name: string, why: string): string {
  return `tool calls are blocked: the required extension "${name}" is not running (${why}); ` +
    `see: zot ext logs ${name} (to stop requiring it: zot ext require ${name} --off)`;
}
