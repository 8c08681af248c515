/**
 * Running one tool call: interception, argument validation, approval, execution, result
 * interception, result mapping.
 */

import { errorMessage } from "../errors/mod.ts";
import type { ToolCallBlock, ToolResultBlock } from "../messages/mod.ts";
import type { Jail, ToolOutput } from "../tools/mod.ts";
import { ABORTED, raceAbort, withDeadline } from "./abort.ts";
import type { AgentEvent } from "./events.ts";
import type { Approvals, ApprovalVerdict } from "./approvals.ts";
import type { AgentExtensions, LifecycleEvent, ToolCallDecision, ToolRun } from "./extensions.ts";
import type { Toolset } from "./toolset.ts";

/** The result text recorded for a call that never got a result because the turn stopped. */
export const ABORTED_RESULT_TEXT = "tool call was aborted; no result recorded.";

/** How long a cancelled tool may take to wind down before its result is stubbed. */
const ABORT_GRACE_MS = 2000;

/** What runToolCall needs from the agent. */
export interface ToolRunHooks {
  emit(event: AgentEvent): void;
  extensions: AgentExtensions;
  toolset: Toolset;
  cwd: string;
  approvals: Approvals;
  /** The session's jail, handed to every tool. */
  jail?: Jail;
  /** Sends a lifecycle event to subscribed extensions. */
  lifecycle(event: LifecycleEvent): void;
}

/** An error result with one text block. */
export function errorResult(callId: string, text: string, extension?: string): ToolResultBlock {
  const block: ToolResultBlock = {
    type: "tool_result",
    callId,
    content: [{ type: "text", text }],
    isError: true,
  };
  if (extension) block.extension = extension;
  return block;
}

/**
 * Runs one call and emits its tool_result event. Order: unknown-name check, tool_call
 * interception (for built-in and extension tools alike), validation of the final args
 * against the tool's schema, approval (confirm gate or a guard's ask, on the final args),
 * execution, tool_result interception. Every failure becomes an error result the model
 * can act on; nothing here throws.
 */
export async function runToolCall(
  call: ToolCallBlock,
  hooks: ToolRunHooks,
  signal: AbortSignal,
): Promise<ToolResultBlock> {
  const finish = (block: ToolResultBlock, blockedBy?: string): ToolResultBlock =>
    emitResult(hooks, call, block, blockedBy);
  const entry = hooks.toolset.get(call.name);
  if (!entry) return finish(unknownTool(call, hooks.toolset));
  const extension = entry.extension;
  const fail = (text: string, blockedBy?: string) =>
    finish(errorResult(call.id, text, extension), blockedBy);

  // The host's interception does not watch the signal (each guard may take its 5 s), so
  // Ctrl-C does not wait for it, and a guard's late "allow" never starts the tool.
  const decision = await raceAbort(intercept(hooks.extensions, call, signal), signal);
  if (decision === ABORTED || signal.aborted) return fail(ABORTED_RESULT_TEXT);
  if (decision.block) {
    const reason = decision.reason?.trim() || "tool call refused by extension guard";
    return fail(reason, decision.extension ?? "extension guard");
  }
  const args = await finalArgs(call, entry, decision);
  if (typeof args === "string") return fail(args);

  const verdict = await approve(call, args, extension !== undefined, decision, hooks, signal);
  if (verdict === ABORTED) return fail(ABORTED_RESULT_TEXT);
  if (!verdict.allow) return fail(verdict.reason, verdict.by);

  const block = await runAndIntercept(entry, args, call, hooks, signal);
  return finish(block === ABORTED ? errorResult(call.id, ABORTED_RESULT_TEXT, extension) : block);
}

type Entry = NonNullable<ReturnType<Toolset["get"]>>;

/** Emits a call's tool_result event and hands its block back. */
function emitResult(
  hooks: ToolRunHooks,
  call: ToolCallBlock,
  block: ToolResultBlock,
  blockedBy?: string,
): ToolResultBlock {
  const event: AgentEvent = {
    type: "tool_result",
    id: call.id,
    name: call.name,
    isError: block.isError,
    content: block.content,
  };
  if (block.extension) event.extension = block.extension;
  if (blockedBy) event.blockedBy = blockedBy;
  hooks.emit(event);
  return block;
}

function unknownTool(call: ToolCallBlock, toolset: Toolset): ToolResultBlock {
  const names = toolset.names();
  const available = names.length ? names.join(", ") : "none (tools are disabled)";
  return errorResult(call.id, `unknown tool "${call.name}"; available tools: ${available}`);
}

/** The args the tool runs with (a guard's rewrite or the model's), or why they are invalid. */
async function finalArgs(
  call: ToolCallBlock,
  entry: Entry,
  decision: ToolCallDecision,
): Promise<Record<string, unknown> | string> {
  if (decision.args) {
    const problems = await entry.validate(decision.args);
    if (!problems.length) return decision.args;
    const who = decision.rewrittenBy ? `extension "${decision.rewrittenBy}"` : "an extension";
    return `${who} rewrote the arguments of "${call.name}" into an invalid call ` +
      `(${problems.join("; ")}); the call was not run`;
  }
  const problems = await entry.validate(call.args);
  if (!problems.length) return call.args;
  return `invalid arguments for tool "${call.name}": ${problems.join("; ")}. ` +
    `Check the tool's schema and call it again.`;
}

/** The confirm gate or a guard's ask, on the final args; calls nobody must approve pass. */
async function approve(
  call: ToolCallBlock,
  args: Record<string, unknown>,
  fromExtension: boolean,
  decision: ToolCallDecision,
  hooks: ToolRunHooks,
  signal: AbortSignal,
): Promise<ApprovalVerdict | typeof ABORTED> {
  if (!hooks.approvals.needsApproval(call.name, fromExtension, !!decision.ask)) {
    return { allow: true };
  }
  const verdict = await hooks.approvals.decide(
    { toolId: call.id, tool: call.name, args },
    decision.ask,
    signal,
    (request) =>
      hooks.lifecycle({
        event: "tool_confirmation_requested",
        toolId: call.id,
        toolName: call.name,
        toolArgs: args,
        ...(request.reason ? { reason: request.reason } : {}),
      }),
  );
  return signal.aborted ? ABORTED : verdict;
}

/** Runs the tool, lets tool_result interceptors see it, tells subscribers; the result block. */
async function runAndIntercept(
  entry: Entry,
  args: Record<string, unknown>,
  call: ToolCallBlock,
  hooks: ToolRunHooks,
  signal: AbortSignal,
): Promise<ToolResultBlock | typeof ABORTED> {
  const started = performance.now();
  const output = await execute(entry, args, call, hooks, signal);
  if (output === ABORTED) return ABORTED;
  const run = {
    id: call.id,
    name: call.name,
    args,
    content: output.content,
    isError: output.isError,
    durationMs: Math.round(performance.now() - started),
  };
  const final = await afterTool(hooks, run, signal);
  hooks.lifecycle({
    event: "tool_result",
    toolId: call.id,
    toolName: call.name,
    toolArgs: args,
    content: final.content,
    isError: final.isError,
    durationMs: run.durationMs,
  });
  const block: ToolResultBlock = {
    type: "tool_result",
    callId: call.id,
    content: final.content,
    isError: final.isError,
  };
  if (entry.extension) block.extension = entry.extension;
  return block;
}

async function execute(
  entry: Entry,
  args: Record<string, unknown>,
  call: ToolCallBlock,
  hooks: ToolRunHooks,
  signal: AbortSignal,
): Promise<ToolOutput | typeof ABORTED> {
  const work = entry.run(args, {
    cwd: hooks.cwd,
    signal,
    callId: call.id,
    ...(hooks.jail ? { jail: hooks.jail } : {}),
    onProgress: (text) => hooks.emit({ type: "tool_progress", id: call.id, text }),
  }).catch((err): ToolOutput => ({
    content: [{ type: "text", text: errorMessage(err) }],
    isError: true,
  }));
  const output = await raceAbort(work, signal);
  if (output !== ABORTED) return output;
  // The tool has the signal; give it a moment to stop cleanly and report what it did.
  return await withDeadline<ToolOutput | typeof ABORTED>(work, ABORT_GRACE_MS, ABORTED);
}

/** tool_result interception; a failing chain leaves the result as the tool made it. */
async function afterTool(
  hooks: ToolRunHooks,
  run: ToolRun,
  signal: AbortSignal,
): Promise<{ content: ToolOutput["content"]; isError: boolean }> {
  const intercept = hooks.extensions.interceptToolResult;
  if (!intercept || !hooks.extensions.intercepts("tool_result")) return run;
  try {
    const decided = await raceAbort(intercept.call(hooks.extensions, run, signal), signal);
    return decided === ABORTED ? run : decided;
  } catch {
    return run;
  }
}

async function intercept(
  extensions: AgentExtensions,
  call: ToolCallBlock,
  signal: AbortSignal,
): Promise<ToolCallDecision> {
  try {
    return await extensions.interceptToolCall(
      { id: call.id, name: call.name, args: call.args },
      signal,
    );
  } catch {
    // The host already fails open on timeouts; a broken adapter must not stall the turn.
    return { block: false };
  }
}
