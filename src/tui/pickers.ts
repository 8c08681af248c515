/** The rows of the /model and /sessions pickers. */

import type { ModelChoice, SessionChoice } from "./controller.ts";
import { formatTokens } from "./status_bar.ts";
import type { PickerItem } from "./picker.ts";

/** Widest label of the sessions picker: time, model, message count and cost. */
export const SESSION_LABEL_WIDTH = 58;

/** One row per model: the id, its context window as the description, the current one marked. */
export function modelItems(models: readonly ModelChoice[], current: string): PickerItem[] {
  return models.map((m) => ({
    value: m.id,
    label: m.id === current ? `${m.id} (current)` : m.id,
    description: m.contextWindow ? `${formatTokens(m.contextWindow)} context` : undefined,
  }));
}

/** One row per session: `YYYY-MM-DD HH:MM  model  N msgs  $cost`, the first prompt beside it. */
export function sessionItems(sessions: readonly SessionChoice[]): PickerItem[] {
  return sessions.map((s) => {
    const when = s.updated.slice(0, 16).replace("T", " ");
    const msgs = `${s.messageCount} msg${s.messageCount === 1 ? "" : "s"}`;
    const mark = s.current ? " *" : "";
    return {
      value: s.path,
      label: `${when}  ${s.model || "?"}  ${msgs}  $${s.costUsd.toFixed(4)}${mark}`,
      description: s.firstPrompt || "(no prompt)",
    };
  });
}
