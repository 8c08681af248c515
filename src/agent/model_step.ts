/** One model call: stream the answer, emit its events, assemble the assistant message. */

import { errorMessage } from "../errors/mod.ts";
import {
  addUsage,
  type AssistantMessage,
  now,
  type StopReason,
  type TextBlock,
  type Usage,
  zeroUsage,
} from "../messages/mod.ts";
import type { ModelRequest, Provider, StreamEvent } from "../providers/mod.ts";
import { ABORTED, raceAbort } from "./abort.ts";
import type { AgentEvent } from "./events.ts";

/** How one model call ended. */
export interface StepOutcome {
  /** The message for the transcript; undefined when the model produced nothing usable. */
  message?: AssistantMessage;
  stop: StopReason;
  error?: string;
}

/** What streamModelStep needs besides the request. */
export interface StepHooks {
  emit(event: AgentEvent): void;
  /** Prices a provider usage record and adds it to the totals; returns [priced, cumulative]. */
  recordUsage(usage: Usage): [Usage, Usage];
  /** Holds `text_delta` events back (an assistant_message interceptor must see text first). */
  holdText: boolean;
}

/**
 * Streams one answer. Aborting `request.signal` ends the call at once: partial text is
 * kept, partial tool calls are dropped, the stop is `aborted`. A provider failure ends
 * it with stop `error`, keeping any text that already arrived.
 */
export async function streamModelStep(
  provider: Provider,
  request: ModelRequest & { signal: AbortSignal },
  hooks: StepHooks,
): Promise<StepOutcome> {
  const signal = request.signal;
  let text = "";
  let callUsage = zeroUsage();
  let sawUsage = false;
  let final: AssistantMessage | undefined;
  hooks.emit({ type: "assistant_start" });

  const record = (usage: Usage) => {
    const [priced, cumulative] = hooks.recordUsage(usage);
    callUsage = addUsage(callUsage, priced);
    hooks.emit({ type: "usage", usage: priced, cumulative });
  };

  let iterator: AsyncIterator<StreamEvent> | undefined;
  try {
    iterator = provider.stream(request)[Symbol.asyncIterator]();
    while (true) {
      const next = await raceAbort(iterator.next(), signal);
      if (next === ABORTED) {
        // Let the provider unwind on its own signal; never wait on a stuck stream.
        iterator.return?.().catch(() => {});
        return partial(text, "aborted", callUsage, request.model);
      }
      if (next.done) break;
      const event = next.value;
      switch (event.type) {
        case "text_delta":
          text += event.delta;
          if (!hooks.holdText) hooks.emit(event);
          break;
        case "thinking_delta":
        case "tool_use_start":
        case "tool_use_args":
        case "tool_use_end":
          hooks.emit(event);
          break;
        case "usage":
          sawUsage = true;
          record(event.usage);
          break;
        case "done":
          final = event.message;
          break;
      }
      if (final) break;
    }
  } catch (err) {
    if (signal.aborted) return partial(text, "aborted", callUsage, request.model);
    return { ...partial(text, "error", callUsage, request.model), error: errorMessage(err) };
  }

  if (signal.aborted || final?.stopReason === "aborted") {
    const kept = final ? textOfBlocks(final) : text;
    return partial(kept, "aborted", callUsage, request.model);
  }
  if (!final) {
    const error = `provider "${provider.name}" ended the stream without a final message`;
    return { ...partial(text, "error", callUsage, request.model), error };
  }
  // A provider that reports usage only on the final message still gets it counted.
  if (!sawUsage && final.usage) record(final.usage);
  const stop: StopReason = final.stopReason ?? (hasToolCalls(final) ? "tool_use" : "end");
  const message: AssistantMessage = {
    ...final,
    time: final.time || now(),
    stopReason: stop,
    usage: callUsage,
    model: final.model ?? request.model,
  };
  if (stop === "error") {
    return { message: nonEmpty(message), stop, error: final.error ?? "the model call failed" };
  }
  return { message: nonEmpty(message), stop };
}

function hasToolCalls(message: AssistantMessage): boolean {
  return message.content.some((b) => b.type === "tool_call");
}

function textOfBlocks(message: AssistantMessage): string {
  return message.content.filter((b): b is TextBlock => b.type === "text").map((b) => b.text)
    .join("");
}

function nonEmpty(message: AssistantMessage): AssistantMessage | undefined {
  return message.content.length > 0 ? message : undefined;
}

/** The message kept when a call ended early: its text only, never half a tool call. */
function partial(text: string, stop: StopReason, usage: Usage, model: string): StepOutcome {
  if (text === "") return { stop };
  return {
    stop,
    message: {
      role: "assistant",
      content: [{ type: "text", text }],
      time: now(),
      stopReason: stop,
      usage,
      model,
    },
  };
}
