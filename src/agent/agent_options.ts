/** The agent's options, what a prompt or a compaction returns, and the busy error. */

import { ZotError } from "../errors/mod.ts";
import type { ImageBlock, Message, StopReason, TextBlock, Usage } from "../messages/mod.ts";
import type { Provider, ReasoningLevel } from "../providers/mod.ts";
import type { Jail, Tool } from "../tools/mod.ts";
import type { Approvals } from "./approvals.ts";
import type { PriceLookup } from "./cost.ts";
import type { AgentExtensions } from "./extensions.ts";
import type { SessionSink } from "./session_sink.ts";

/** Model calls per prompt unless `--max-steps` says otherwise. */
export const DEFAULT_MAX_STEPS = 50;

/** How an agent is set up. */
export interface AgentOptions {
  provider: Provider;
  model: string;
  system: string;
  /** Absolute working directory for tools. */
  cwd: string;
  /** Built-in tools (already filtered by --tools / --no-tools). */
  tools?: readonly Tool[];
  extensions?: AgentExtensions;
  maxSteps?: number;
  reasoning?: ReasoningLevel;
  maxTokens?: number;
  session?: SessionSink;
  /** Earlier messages of a resumed session. */
  history?: readonly Message[];
  price?: PriceLookup;
  /** Cumulative usage of a resumed session. */
  usageSeed?: Usage;
  /** The confirm gate and guards' asks; by default no gate and nobody to ask. */
  approvals?: Approvals;
  /** The jail (/jail, /unjail); by default one rooted at `cwd`, unlocked. */
  jail?: Jail;
}

/** What one prompt produced. */
export interface TurnResult {
  stop: StopReason;
  error?: string;
  /** The final assistant text as the user may see it (after interception). */
  text: string;
  /** Set when an assistant_message interceptor withheld the final text. */
  withheld?: string;
  steps: number;
  usage: Usage;
}

/** What one compaction produced. */
export interface CompactResult {
  stop: StopReason;
  error?: string;
  summary?: string;
  tokensBefore?: number;
}

/** A user prompt: plain text or blocks (text and images). */
export type PromptInput = string | (TextBlock | ImageBlock)[];

/** The error thrown when work is started while the agent is busy. */
export class AgentBusyError extends ZotError {
  constructor() {
    super("agent_busy", "the agent is busy with another prompt", 1, {
      hint: "wait for it to finish or abort it first",
    });
  }
}
