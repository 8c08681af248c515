/** The shapes of handlers and options the extension object accepts. */

import type {
  Allow,
  Ask,
  Block,
  CommandResponse,
  Modify,
  PromptPatch,
  ReplaceText,
  ResultPatch,
  ToolResult,
} from "./helpers.ts";
import type { ContentBlock } from "./protocol.ts";
import type { EventFrame, EventInterceptFrame, InterceptableEvent } from "./protocol.ts";
import type { Transport } from "./transport.ts";

/** Who the extension is; `name` must match its manifest. */
export interface ExtensionOptions {
  name: string;
  version?: string;
  /** `"1.1"` announces protocol 1.1 (hello_ack then lists the host's features). */
  protocol?: "1.1";
}

/** What a handler may report while it works; every field is optional. */
export interface Progress {
  message?: string;
  /** 0 to 1. */
  fraction?: number;
  /** Output so far, shown where the mode shows output. */
  partial?: ContentBlock[];
}

/** Which request a handler is answering, and its cancellation and progress. */
export interface CallContext {
  id: string;
  name: string;
  /**
   * Aborted when zot gives up on the call (the user cancelled, or it timed out): stop the
   * work. Whatever the handler returns afterwards is not sent.
   */
  signal: AbortSignal;
  /** Tells zot how the call is going; each report restarts zot's timeout for the call. */
  progress(update: Progress): Promise<void>;
}

/** Handles a slash command; `args` is the text after the command, trimmed. */
export type CommandHandler = (
  args: string,
  context: CallContext,
) => CommandResponse | void | Promise<CommandResponse | void>;

/** Handles a tool call; a string return is one text block. */
export type ToolHandler<A> = (
  args: A,
  context: CallContext,
) => ToolResult | string | Promise<ToolResult | string>;

/** Observes a lifecycle event. */
export type EventHandler = (event: EventFrame) => void | Promise<void>;

/** The decisions each interceptable event accepts. */
export interface InterceptDecisions {
  tool_call: Allow | Block | Modify | Ask;
  turn_start: Allow | Block;
  assistant_message: Allow | Block | ReplaceText;
  /** 1.1: change the result before the model sees it (never blocks). */
  tool_result: Allow | ResultPatch;
  /** 1.1: block (reason shown to the user), rewrite, or add context. */
  user_prompt: Allow | Block | PromptPatch;
}

/** 1.1 dialogs: ask the user while handling a command or a tool call. */
export interface DialogOptions {
  /** How long the host waits for the user (ms); then the default, else cancelled. */
  timeoutMs?: number;
}

/** Decides whether an event may proceed; returning nothing allows it. */
export type InterceptHandler<E extends InterceptableEvent> = (
  event: EventInterceptFrame & { event: E },
) => InterceptDecisions[E] | void | Promise<InterceptDecisions[E] | void>;

/** How `run` talks to the host; by default the process's stdio. */
export interface RunOptions {
  /** Frames in and out; defaults to stdin/stdout, exiting the process when done. */
  transport?: Transport;
  /** Route console.log & co. to stderr; defaults to true with the default transport. */
  routeConsole?: boolean;
}
