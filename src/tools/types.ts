/** The tool contract: what the agent loop asks of a built-in tool. */

import type { ImageBlock, TextBlock, ToolSpec } from "../messages/mod.ts";
import type { Jail } from "./jail.ts";

/** What a running tool may use. */
export interface ToolContext {
  /** The session's working directory; relative paths resolve here. */
  cwd: string;
  /** Aborted when the user cancels the turn. */
  signal: AbortSignal;
  /** Streams partial output (e.g. bash lines) to the UI. */
  onProgress?: (text: string) => void;
  /** The session's jail; when locked, file tools stay in the project and bash is sandboxed. */
  jail?: Jail;
}

/** A tool's answer. `isError` results go back to the model as errors it can act on. */
export interface ToolOutput {
  content: (TextBlock | ImageBlock)[];
  isError: boolean;
  details?: Record<string, unknown>;
}

/** A built-in tool: its spec and how to run it. Tools validate their own args. */
export interface Tool {
  readonly spec: ToolSpec;
  execute(args: Record<string, unknown>, context: ToolContext): Promise<ToolOutput>;
}
