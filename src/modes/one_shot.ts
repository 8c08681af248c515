/**
 * The shared flow of print and json mode: run the prompt (or slash command), then any
 * prompts extensions submitted meanwhile, and fail the run when a turn fails.
 */

import type { CompactResult, TurnResult } from "../agent/mod.ts";
import { CancelledError, ZotError } from "../errors/mod.ts";
import { type ModeContext, noticeToStderr } from "./context.ts";
import { parseSlash } from "../protocol/mod.ts";
import { resolveSlash } from "./slash.ts";

/** How a mode shows what is not an agent event. */
export interface OneShotPresenter {
  /** Which mode presents; built-ins run by it. */
  readonly mode: "print" | "json";
  /** A command's `display` text. */
  display(source: string, text: string): void;
  /** A command's `insert` text (there is no editor here). */
  insert(source: string, command: string, text: string): void;
  /** A finished turn. */
  answer(result: TurnResult): void;
  /** A finished compaction. */
  compacted(result: CompactResult): void;
  /** A failure that did not come from the agent (a command error). */
  failed(message: string): void;
}

/** Runs a one-shot prompt; throws a ZotError (non-zero exit) when anything failed. */
export async function runOneShot(
  ctx: ModeContext,
  prompt: string,
  presenter: OneShotPresenter,
  signal: AbortSignal,
): Promise<void> {
  const queue: string[] = [];
  const offSubmit = ctx.bus.onSubmit((s) => queue.push(s.text));
  const offNotify = ctx.bus.onNotify((n) => noticeToStderr(ctx.output, n));
  const pushesBefore = ctx.bus.pushes;
  let extensionCommand = false;
  // Whether an extension took part in this run, so it may still be sending.
  const extensionTalked = () => extensionCommand || ctx.bus.pushes > pushesBefore;
  try {
    const slash = parseSlash(prompt);
    if (slash) {
      extensionCommand = ctx.slash.commands().some((c) => c.name === slash.name);
      const result = await resolveSlash(slash, ctx.slash, presenter.mode, signal);
      if (extensionCommand) ctx.bus.markActivity();
      switch (result.kind) {
        case "display":
          presenter.display(result.source, result.text);
          break;
        case "insert":
          presenter.insert(result.source, slash.name, result.text);
          break;
        case "prompt":
          queue.unshift(result.text);
          break;
        case "compact": {
          const done = await ctx.agent.compact({ signal });
          presenter.compacted(done);
          if (done.stop === "aborted") throw new CancelledError("compaction was cancelled");
          if (done.stop === "error") throw new ZotError("compact_failed", done.error ?? "failed");
          break;
        }
        case "panel": {
          const message = `/${slash.name} opens a panel, which needs the interactive mode`;
          presenter.failed(message);
          throw new ZotError("needs_interactive", message);
        }
        case "error":
          presenter.failed(result.message);
          throw new ZotError("command_failed", result.message);
        case "noop":
          break;
      }
    } else {
      queue.unshift(prompt);
    }
    await runQueue(ctx, queue, presenter, signal);
    // A submit that arrives while draining runs like one that arrived during the turn.
    while (extensionTalked()) {
      await ctx.bus.quiet(DRAIN_QUIET_MS, DRAIN_MAX_MS, signal);
      if (queue.length === 0) break;
      await runQueue(ctx, queue, presenter, signal);
    }
  } finally {
    // Also after a failure: a notice sent just after an error answer still gets printed.
    if (extensionTalked()) await ctx.bus.quiet(DRAIN_QUIET_MS, DRAIN_MAX_MS, signal);
    offSubmit();
    offNotify();
  }
}

/**
 * How long an extension must be quiet before a one-shot run ends (and the host shuts it
 * down), and the most that waiting may add: zot-loop's `/tasks` notifies just after its
 * answer, once the task is saved.
 */
const DRAIN_QUIET_MS = 150;
const DRAIN_MAX_MS = 2000;

async function runQueue(
  ctx: ModeContext,
  queue: string[],
  presenter: OneShotPresenter,
  signal: AbortSignal,
): Promise<void> {
  while (queue.length > 0) {
    const next = queue.shift()!;
    const result = await ctx.agent.prompt(next, { signal });
    ctx.bus.markActivity();
    presenter.answer(result);
    if (result.stop === "aborted") throw new CancelledError("the turn was cancelled");
    if (result.stop === "error") {
      throw new ZotError("turn_failed", result.error ?? "the turn failed");
    }
  }
}

/** An empty prompt is a usage error in the one-shot modes. */
export function requirePrompt(prompt: string, mode: string): string {
  if (prompt.trim() === "") {
    throw new ZotError("empty_prompt", `${mode} needs a prompt`, 2, {
      hint: `pass it as an argument (zot ${mode} "fix the tests") or pipe it on stdin`,
    });
  }
  return prompt;
}
