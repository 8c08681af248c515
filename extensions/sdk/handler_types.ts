/** The shapes of handlers and options the extension object accepts. */

import type { Allow, Block, CommandResponse, Modify, ReplaceText, ToolResult } from "./helpers.ts";
import type { ContentBlock } from "./protocol.ts";
import type { EventFrame, EventInterceptFrame, InterceptableEvent } from "./protocol.ts";
import type { Transport } from "./transport.ts";

/** Who the extension is; `name` must match its manifest. */
export interface ExtensionOptions {
  name: string;
  version?: string;
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
  tool_call: Allow | Block | Modify;
  turn_start: Allow | Block;
  assistant_message: Allow | Block | ReplaceText;
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
