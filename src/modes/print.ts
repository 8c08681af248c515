/** `zot -p "prompt"`: run it and print only the final assistant text. */

import type { CompactResult, TurnResult } from "../agent/mod.ts";
import type { ModeContext } from "./context.ts";
import { sanitizeText } from "../text/mod.ts";
import { type OneShotPresenter, requirePrompt, runOneShot } from "./one_shot.ts";

function withNewline(text: string): string {
  return text.endsWith("\n") ? text : text + "\n";
}

/** Print mode; throws a ZotError (non-zero exit) when the turn or command failed. */
export async function runPrint(
  ctx: ModeContext,
  prompt: string,
  signal: AbortSignal,
): Promise<void> {
  const out = ctx.output;
  const presenter: OneShotPresenter = {
    mode: "print",
    display: (_source, text) => out.out(withNewline(sanitizeText(text))),
    insert: (_source, command, text) => {
      out.out(withNewline(sanitizeText(text)));
      out.err(
        `note: /${command} inserts text into the editor; there is no editor in print mode, ` +
          `so it was printed instead\n`,
      );
    },
    answer: (result: TurnResult) => {
      if (result.withheld !== undefined) {
        out.err(`note: the answer was withheld by an extension: ${result.withheld}\n`);
      }
      if (result.text !== "" && result.stop !== "error") out.out(withNewline(result.text));
    },
    compacted: (result: CompactResult) => {
      if (result.summary !== undefined) out.out(withNewline(result.summary));
    },
    failed: () => {},
  };
  await runOneShot(ctx, requirePrompt(prompt, "-p"), presenter, signal);
}
