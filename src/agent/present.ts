/**
 * Presenting an assistant message: assistant_message interception, then the
 * `assistant_message` agent event and lifecycle event with what may be shown. The transcript
 * always keeps the model's own words; only what is shown and returned changes.
 */

import type { AssistantMessage, StopReason } from "../messages/mod.ts";
import type { AgentEvent } from "./events.ts";
import type { AgentExtensions, LifecycleEvent } from "./extensions.ts";

/** What presenting needs from the agent. */
export interface PresentHooks {
  extensions: AgentExtensions;
  emit(event: AgentEvent): void;
  lifecycle(event: LifecycleEvent): void;
}

/** Runs assistant_message interception and emits the (possibly rewritten) message. */
export async function presentMessage(
  message: AssistantMessage,
  stop: StopReason,
  signal: AbortSignal,
  hooks: PresentHooks,
): Promise<{ text: string; withheld?: string }> {
  const original = message.content.flatMap((b) => b.type === "text" ? [b.text] : []);
  const text = original.join("\n");
  const holding = hooks.extensions.intercepts("assistant_message");
  if (stop === "aborted") {
    // Text that was held back for an interceptor is not released unchecked.
    if (!holding) hooks.emit({ type: "assistant_message", message });
    return { text: holding ? "" : text };
  }
  if (text === "") {
    // Tool-only messages reach subscribers too (text empty), as the original host did.
    hooks.emit({ type: "assistant_message", message });
    hooks.lifecycle({ event: "assistant_message", text: "" });
    return { text: "" };
  }
  const decision = await hooks.extensions.interceptAssistantMessage(text, signal)
    .catch(() => ({ block: false, text: undefined, reason: undefined, extension: undefined }));
  if (decision.block) {
    const reason = decision.reason?.trim() || "withheld by an extension";
    const shown = { ...message, content: message.content.filter((b) => b.type !== "text") };
    hooks.emit({ type: "assistant_message", message: shown, blockedReason: reason });
    return { text: "", withheld: reason };
  }
  let shown = message;
  let visible = original.join("");
  if (decision.text !== undefined) {
    shown = { ...message, content: collapseText(message, decision.text) };
    visible = decision.text;
  }
  hooks.emit({ type: "assistant_message", message: shown });
  hooks.lifecycle({ event: "assistant_message", text: visible });
  return { text: decision.text ?? text };
}

/** The message's text blocks collapsed into one replacement block at the first text's place. */
function collapseText(message: AssistantMessage, text: string): AssistantMessage["content"] {
  const out: AssistantMessage["content"] = [];
  let placed = false;
  for (const block of message.content) {
    if (block.type !== "text") out.push(block);
    else if (!placed) {
      out.push({ type: "text", text });
      placed = true;
    }
  }
  return out;
}
