/** The root action: what `zot [flags] [prompt]` does once flags are parsed. */

import { ZotError } from "../errors/mod.ts";
import type { Output } from "./output.ts";

/** What the root action receives from commander. */
export interface RootInvocation {
  prompt: string;
  options: Record<string, unknown>;
  output: Output;
}

/** Runs the selected mode (print, json, interactive). */
export function runRoot(_invocation: RootInvocation): Promise<void> {
  return Promise.reject(
    new ZotError("not_implemented", "this mode is not built yet", 1, {
      hint: "see zot --help for what works today",
    }),
  );
}
