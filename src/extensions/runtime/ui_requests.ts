/**
 * Protocol 1.1 dialogs: an extension's `ui_request` is checked, handed to the mode through
 * HostCallbacks.onUiRequest, and answered with exactly one `ui_response`. The request's
 * timeout (default DEFAULT_UI_TIMEOUT_MS, capped at MAX_UI_TIMEOUT_MS) bounds the wait;
 * when it passes, when no mode can ask (print, json) or when the mode fails, the answer is
 * the request's default, else `cancelled: true`, which the extension must handle.
 */

import { errorMessage } from "../../errors/mod.ts";
import type { UiRequestFrame, UiResponseFrame } from "../../protocol/mod.ts";
import type { HostCallbacks, UiAnswer } from "./host_types.ts";

/** How long a dialog waits when the request names no timeout. */
export const DEFAULT_UI_TIMEOUT_MS = 60_000;
/** The longest a dialog may wait, whatever the request says. */
export const MAX_UI_TIMEOUT_MS = 10 * 60_000;
/** Dialogs one extension may have open at once; more are answered `cancelled` at once. */
export const MAX_OPEN_DIALOGS = 4;

/** What answering a ui_request needs from its extension. */
export interface UiRequestLink {
  name: string;
  callbacks: HostCallbacks;
  note(text: string): void;
  diagnostic(text: string): void;
  send(frame: UiResponseFrame): void;
  /** Aborted when the extension exits: pending dialogs close. */
  closed: AbortSignal;
  /** The ids of this extension's open dialogs (shared across its requests). */
  open: Set<string>;
}

/** The problem with a request, or undefined when it can be shown. */
export function uiRequestProblem(frame: UiRequestFrame): string | undefined {
  if (frame.kind === "select") {
    if (!frame.options || frame.options.length === 0) return "a select needs options";
    if (frame.default !== undefined && !frame.options.includes(String(frame.default))) {
      return "the default of a select must be one of its options";
    }
  }
  if (
    frame.kind === "confirm" && frame.default !== undefined && typeof frame.default !== "boolean"
  ) {
    return "the default of a confirm must be true or false";
  }
  if (frame.kind === "input" && frame.default !== undefined && typeof frame.default !== "string") {
    return "the default of an input must be a string";
  }
  return undefined;
}

/** The answer used when nobody answered. */
function fallback(frame: UiRequestFrame): UiAnswer {
  return frame.default !== undefined ? { value: frame.default } : { cancelled: true };
}

/** Answers one ui_request; never throws, always sends exactly one ui_response. */
export async function answerUiRequest(frame: UiRequestFrame, link: UiRequestLink): Promise<void> {
  const problem = link.open.has(frame.id)
    ? "a dialog with this id is already open"
    : link.open.size >= MAX_OPEN_DIALOGS
    ? `more than ${MAX_OPEN_DIALOGS} dialogs open at once`
    : uiRequestProblem(frame);
  if (problem) {
    link.diagnostic(`ui_request ${JSON.stringify(frame.id)}: ${problem}; answered cancelled`);
    link.send({ type: "ui_response", id: frame.id, cancelled: true });
    return;
  }
  link.open.add(frame.id);
  try {
    await ask(frame, link);
  } finally {
    link.open.delete(frame.id);
  }
}

async function ask(frame: UiRequestFrame, link: UiRequestLink): Promise<void> {
  const timeoutMs = Math.min(frame.timeout_ms ?? DEFAULT_UI_TIMEOUT_MS, MAX_UI_TIMEOUT_MS);
  const controller = new AbortController();
  // The extension going away ends the wait at once (and closes the mode's question).
  let onClosed = () => {};
  const gone = new Promise<UiAnswer>((resolve) => {
    onClosed = () => {
      controller.abort();
      resolve({ cancelled: true });
    };
  });
  if (link.closed.aborted) onClosed();
  else link.closed.addEventListener("abort", onClosed, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<UiAnswer>((resolve) => {
    timer = setTimeout(() => {
      link.note(`ui_request ${JSON.stringify(frame.id)} timed out after ${timeoutMs} ms`);
      controller.abort();
      resolve(fallback(frame));
    }, timeoutMs);
  });
  let answer: UiAnswer;
  try {
    const asked = link.callbacks.onUiRequest?.({
      extension: link.name,
      kind: frame.kind,
      title: frame.title,
      ...(frame.options ? { options: frame.options } : {}),
      ...(frame.default !== undefined ? { default: frame.default } : {}),
      timeoutMs,
      signal: controller.signal,
    });
    answer = asked ? await Promise.race([asked, timedOut, gone]) : fallback(frame);
  } catch (err) {
    link.note(`ui_request ${JSON.stringify(frame.id)}: ${errorMessage(err)}; using the default`);
    answer = fallback(frame);
  } finally {
    clearTimeout(timer);
    controller.abort();
    link.closed.removeEventListener("abort", onClosed);
  }
  if (link.closed.aborted) return;
  link.send(
    "value" in answer
      ? { type: "ui_response", id: frame.id, value: answer.value }
      : { type: "ui_response", id: frame.id, cancelled: true },
  );
}
