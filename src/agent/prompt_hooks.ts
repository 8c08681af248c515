/**
 * user_prompt interception (protocol 1.1): before a prompt reaches the transcript and the
 * model, interceptors may block it (the reason is shown to the user), rewrite its text, or
 * add context that goes to the model with it as an extra text block. A failing chain lets
 * the prompt through unchanged, like every other observer-side failure.
 */

import type { ImageBlock, TextBlock } from "../messages/mod.ts";
import { ABORTED, raceAbort } from "./abort.ts";
import type { AgentExtensions } from "./extensions.ts";

/** What became of a prompt. */
export type PromptOutcome =
  | { blocked: false; content: (TextBlock | ImageBlock)[] }
  | { blocked: true; message: string };

/** The text block that carries an extension's context to the model. */
export function contextBlock(extension: string, text: string): TextBlock {
  return { type: "text", text: `[context from extension "${extension}"]\n${text}` };
}

/** Runs the user_prompt chain over a prompt's content. */
export async function applyPromptHooks(
  extensions: AgentExtensions,
  content: (TextBlock | ImageBlock)[],
  signal: AbortSignal,
): Promise<PromptOutcome> {
  const intercept = extensions.interceptUserPrompt;
  if (!intercept || !extensions.intercepts("user_prompt")) return { blocked: false, content };
  const text = content.flatMap((b) => b.type === "text" ? [b.text] : []).join("\n");
  let decision;
  try {
    decision = await raceAbort(intercept.call(extensions, text, signal), signal);
  } catch {
    return { blocked: false, content };
  }
  if (decision === ABORTED) return { blocked: false, content };
  if (decision.block) {
    const reason = decision.reason?.trim() || "prompt blocked by extension guard";
    const who = decision.extension ? `extension "${decision.extension}"` : "an extension";
    return { blocked: true, message: `${who} blocked the prompt: ${reason}` };
  }
  let out = content;
  if (decision.text !== undefined && decision.text !== text) {
    out = replaceText(content, decision.text);
  }
  for (const c of decision.context ?? []) out = [...out, contextBlock(c.extension, c.text)];
  return { blocked: false, content: out };
}

/** The prompt's text blocks collapsed into one replacement at the first text's place. */
function replaceText(
  content: (TextBlock | ImageBlock)[],
  text: string,
): (TextBlock | ImageBlock)[] {
  const out: (TextBlock | ImageBlock)[] = [];
  let placed = false;
  for (const block of content) {
    if (block.type !== "text") out.push(block);
    else if (!placed) {
      out.push({ type: "text", text });
      placed = true;
    }
  }
  if (!placed) out.unshift({ type: "text", text });
  return out;
}
