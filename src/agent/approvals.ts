/**
 * The confirm gate and guards' `ask`: who decides whether a tool call may run.
 *
 * With the gate on (`--no-yolo`, or `"yolo": false` in config.json) `write`, `edit`, `bash`
 * and every extension tool need the user's approval; a guard's `ask` needs it whatever the
 * gate says. The user answers allow once, allow this tool for the session, allow all (the
 * same as `/yolo`), or deny with a reason the model sees. Remembered answers cover both.
 *
 * The mode supplies the Approver (TUI dialog, rpc request). Without one (`-p`, `--json`)
 * nobody can answer, so the call is denied with a message that says how to allow it —
 * except that an explicit `--yolo` also approves guards' asks there.
 *
 * The question is asked after tool_call interceptors ran, with the final arguments, so the
 * user approves what will actually run (the original asked before a rewrite).
 */

/** Built-in tools the gate asks about (read and skill only read). */
export const CONFIRMED_BUILTINS: readonly string[] = ["write", "edit", "bash"];

/** How the user answered. */
export type ApprovalChoice = "once" | "tool" | "all" | "deny";

/** The user's answer; `reason` goes to the model on deny. */
export interface ApprovalAnswer {
  choice: ApprovalChoice;
  reason?: string;
}

/** One question to the user. */
export interface ApprovalRequest {
  /** Unique per request (rpc clients answer by it). */
  id: string;
  toolId: string;
  tool: string;
  args: Record<string, unknown>;
  /** One line describing the call (command, path, …). */
  preview: string;
  /** Why the user is asked: the confirm gate, or a guard's ask. */
  source: "gate" | "guard";
  /** The guard that asked. */
  extension?: string;
  /** The guard's reason. */
  reason?: string;
}

/** Asks the user; rejects or aborts count as deny. */
export type Approver = (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalAnswer>;

/** How approvals start out. */
export interface ApprovalsOptions {
  /** Confirm before write/edit/bash and extension tools. */
  gate?: boolean;
  /** `--yolo` was given: guards' asks are approved where nobody can answer. */
  explicitYolo?: boolean;
}

/** The verdict on one call. */
export type ApprovalVerdict = { allow: true } | { allow: false; reason: string; by: string };

const PREVIEW_FIELDS = ["command", "path", "file_path", "url", "query", "name"];
const PREVIEW_MAX = 120;

/** One line for a call: the first telling string field, else compact JSON, at most 120 chars. */
export function previewArgs(args: Record<string, unknown>): string {
  const field = PREVIEW_FIELDS.find((f) => typeof args[f] === "string");
  const text = field ? String(args[field]) : JSON.stringify(args);
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > PREVIEW_MAX ? line.slice(0, PREVIEW_MAX - 1) + "…" : line;
}

/** The session's approval state. */
export class Approvals {
  #gate: boolean;
  #explicitYolo: boolean;
  #allowAll = false;
  #tools = new Set<string>();
  #approver: Approver | undefined;
  #lastId = 0;

  constructor(options: ApprovalsOptions = {}) {
    this.#gate = options.gate ?? false;
    this.#explicitYolo = options.explicitYolo ?? false;
  }

  /** Whether the confirm gate is on (and not lifted by /yolo or "allow all"). */
  get gating(): boolean {
    return this.#gate && !this.#allowAll;
  }

  /** Sets who answers (the mode); undefined means nobody can. */
  setApprover(approver: Approver | undefined): void {
    this.#approver = approver;
  }

  /** `/yolo`: allow every call for the rest of the session. */
  allowAll(): void {
    this.#allowAll = true;
  }

  /** Whether this call needs the user before it runs. */
  needsApproval(tool: string, isExtensionTool: boolean, guardAsked: boolean): boolean {
    if (this.#allowAll || this.#tools.has(tool)) return false;
    if (guardAsked) return true;
    return this.#gate && (isExtensionTool || CONFIRMED_BUILTINS.includes(tool));
  }

  /**
   * Decides one call that needs approval. `onAsk` runs just before the user is asked
   * (the tool_confirmation_requested event). Never throws.
   */
  async decide(
    call: { toolId: string; tool: string; args: Record<string, unknown> },
    ask: { extension: string; reason?: string } | undefined,
    signal: AbortSignal,
    onAsk: (request: ApprovalRequest) => void,
  ): Promise<ApprovalVerdict> {
    const approver = this.#approver;
    if (!approver) return this.#unanswerable(call.tool, ask);
    const request: ApprovalRequest = {
      id: `approval-${++this.#lastId}`,
      toolId: call.toolId,
      tool: call.tool,
      args: call.args,
      preview: previewArgs(call.args),
      source: ask ? "guard" : "gate",
      ...(ask ? { extension: ask.extension } : {}),
      ...(ask?.reason ? { reason: ask.reason } : {}),
    };
    onAsk(request);
    let answer: ApprovalAnswer;
    try {
      answer = await approver(request, signal);
    } catch {
      answer = { choice: "deny", reason: "the approval prompt was closed" };
    }
    if (signal.aborted) return { allow: false, reason: "the turn was aborted", by: "user" };
    switch (answer.choice) {
      case "tool":
        this.#tools.add(call.tool);
        return { allow: true };
      case "all":
        this.#allowAll = true;
        return { allow: true };
      case "once":
        return { allow: true };
      default:
        return {
          allow: false,
          reason: answer.reason?.trim()
            ? `the user denied the call: ${answer.reason.trim()}`
            : "tool call refused by user",
          by: "user",
        };
    }
  }

  #unanswerable(
    tool: string,
    ask: { extension: string; reason?: string } | undefined,
  ): ApprovalVerdict {
    if (ask) {
      if (this.#explicitYolo) return { allow: true };
      const why = ask.reason ? ` (${ask.reason})` : "";
      return {
        allow: false,
        by: ask.extension,
        reason: `extension "${ask.extension}" asked for approval of "${tool}"${why}, and nobody ` +
          `can approve in this mode; the call was not run (run zot interactively or over ` +
          `zot rpc to answer, or pass --yolo to approve such asks)`,
      };
    }
    return {
      allow: false,
      by: "confirm gate",
      reason: `"${tool}" needs approval (the confirm gate is on: --no-yolo or "yolo": false in ` +
        `config.json), and nobody can approve in this mode; the call was not run (pass --yolo ` +
        `to run tools without asking)`,
    };
  }
}
