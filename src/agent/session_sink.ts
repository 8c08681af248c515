/** Where the loop records the conversation as it happens; the session store implements it. */

import type { Message, Usage } from "../messages/mod.ts";

/**
 * Receives each message the moment it exists (user prompt, assistant answer, the tool
 * results of a step) and each priced usage record, so a crash never loses a finished
 * message. Implementations may be async; the loop awaits them in order.
 */
export interface SessionSink {
  /** Records one new message. */
  append(message: Message): void | Promise<void>;
  /** Records the usage of one model call and the running total after it. */
  appendUsage(usage: Usage, cumulative: Usage): void | Promise<void>;
  /** Replaces the stored transcript after compaction; sinks without it keep appending. */
  rewrite?(messages: readonly Message[]): void | Promise<void>;
}

/** A sink that records nothing (`--no-session`, rpc). */
export const NO_SESSION: SessionSink = {
  append: () => {},
  appendUsage: () => {},
};
