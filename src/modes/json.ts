/** `zot --json "prompt"`: one JSON object per agent event on stdout. */

import type { ModeContext } from "./context.ts";
import { sanitizeText } from "../text/mod.ts";
import { type OneShotPresenter, requirePrompt, runOneShot } from "./one_shot.ts";
import { eventToWire, type WireObject } from "./wire.ts";

/** JSON mode; throws a ZotError (non-zero exit) after the stream when anything failed. */
export async function runJson(
  ctx: ModeContext,
  prompt: string,
  signal: AbortSignal,
): Promise<void> {
  const write = (object: WireObject) => ctx.output.out(JSON.stringify(object) + "\n");
  const off = ctx.agent.subscribe((event) => write(eventToWire(event)));
  const presenter: OneShotPresenter = {
    mode: "json",
    // JSON escapes C0 controls but not C1 (U+009B is CSI to many terminals) or bidi
    // overrides, so extension text is stripped here too.
    display: (source, text) =>
      write({ type: "ext_display", extension: source, text: sanitizeText(text) }),
    insert: (source, command, text) => {
      write({ type: "ext_display", extension: source, text: sanitizeText(text) });
      ctx.output.err(
        `note: /${command} inserts text into the editor; there is no editor in ` +
          `json mode, so it was sent as ext_display\n`,
      );
    },
    answer: () => {},
    compacted: () => {},
    failed: (message) => write({ type: "error", message }),
  };
  try {
    await runOneShot(ctx, requirePrompt(prompt, "--json"), presenter, signal);
  } finally {
    off();
  }
}
