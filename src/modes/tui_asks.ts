/** Routes approvals and extension dialogs to the TUI as events it answers. */

import type { UiEvent } from "../tui/mod.ts";
import type { ModeContext } from "./context.ts";
import { safetyPort } from "./safety.ts";
import type { SafetyPort } from "../commands/mod.ts";

/** Makes the TUI the approver and the dialog handler; returns the function that undoes it. */
export function askThroughTui(ctx: ModeContext, listener: (event: UiEvent) => void): () => void {
  const approvals = ctx.agent.approvals;
  approvals.setApprover((request, signal) =>
    new Promise((resolve) =>
      listener({ type: "approval_request", request, answer: resolve, signal })
    )
  );
  const offDialogs = ctx.dialogs?.setHandler((dialog) =>
    new Promise((resolve) =>
      listener({
        type: "ui_request",
        dialog: {
          extension: dialog.extension,
          kind: dialog.kind,
          title: dialog.title,
          ...(dialog.options ? { options: dialog.options } : {}),
          ...(dialog.default !== undefined ? { default: dialog.default } : {}),
        },
        answer: resolve,
        signal: dialog.signal,
      })
    )
  );
  return () => {
    approvals.setApprover(undefined);
    offDialogs?.();
  };
}

/** The TUI's /yolo, /jail and /unjail. */
export function tuiSafety(ctx: ModeContext): SafetyPort {
  return safetyPort(ctx.agent);
}
