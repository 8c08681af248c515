/**
 * turn_start interception: before each model call, guards may block the turn. A failing
 * chain lets the turn through, like every other observer-side failure.
 */

import type { StopReason } from "../messages/mod.ts";
import { ABORTED, raceAbort } from "./abort.ts";
import type { AgentExtensions } from "./extensions.ts";

/** Why a turn may not start, or undefined when it may. */
export interface TurnRefusal {
  stop: StopReason;
  error?: string;
}

/** Asks the turn_start guards about `step`; resolves at once when `signal` aborts. */
export async function turnStartGate(
  extensions: AgentExtensions,
  step: number,
  signal: AbortSignal,
): Promise<TurnRefusal | undefined> {
  // Ctrl-C does not wait for a slow turn_start guard (the host gives each one 5 s).
  const gate = await raceAbort(
    extensions.interceptTurnStart(step, signal)
      .catch(() => ({ block: false, reason: undefined, extension: undefined })),
    signal,
  );
  if (gate === ABORTED || signal.aborted) return { stop: "aborted" };
  if (!gate.block) return undefined;
  const reason = gate.reason?.trim() || "turn blocked by extension guard";
  const who = gate.extension ? `extension "${gate.extension}"` : "an extension";
  return { stop: "error", error: `${who} blocked the turn: ${reason}` };
}
