/**
 * Events the agent loop emits while it works. Print, JSON, RPC and the TUI all render
 * from this one stream; the JSON/RPC wire names follow the original zot so clients
 * written for it keep working.
 */

import type {
  AssistantMessage,
  ImageBlock,
  StopReason,
  TextBlock,
  Usage,
  UserMessage,
} from "../messages/mod.ts";

/** One event of an agent run, in the order the loop produces them. */
export type AgentEvent =
  | { type: "user_message"; message: UserMessage }
  | { type: "turn_start"; step: number }
  | { type: "assistant_start" }
  | { type: "text_delta"; delta: string }
  | { type: "thinking_delta"; delta: string }
  | { type: "tool_use_start"; id: string; name: string }
  | { type: "tool_use_args"; id: string; delta: string }
  | { type: "tool_use_end"; id: string }
  | { type: "usage"; usage: Usage; cumulative: Usage }
  | {
    type: "assistant_message";
    /** The message as shown: text replaced or removed by assistant_message interceptors. */
    message: AssistantMessage;
    /** Set when an interceptor withheld the text; the transcript keeps the original. */
    blockedReason?: string;
  }
  | { type: "tool_call"; id: string; name: string; args: Record<string, unknown> }
  | { type: "tool_progress"; id: string; text: string }
  | {
    type: "tool_result";
    id: string;
    name: string;
    isError: boolean;
    content: (TextBlock | ImageBlock)[];
    /** The extension that produced the result, for extension tools. */
    extension?: string;
    /** Set when an extension guard blocked the call. */
    blockedBy?: string;
  }
  | { type: "turn_end"; step: number; stop: StopReason; error?: string }
  | { type: "done"; stop: StopReason }
  | { type: "error"; message: string }
  | { type: "compact_done"; summary: string }
  | { type: "ext_notify"; extension: string; level: string; message: string }
  | { type: "ext_display"; extension: string; text: string };

/** The type names of agent events. */
export type AgentEventType = AgentEvent["type"];
