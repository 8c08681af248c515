/**
 * A plain run (`zot -p "…"`, `zot --json …`, `zot`) started without commander: the quick
 * parser reads the flags and the root action runs as commander would have run it.
 */

import type { Output } from "./output.ts";
import { refuseNearCommand } from "./near_command.ts";
import { quickParse } from "./quick_parse.ts";
import { reportFailure } from "./report.ts";
import { ROOT_COMMANDS } from "./root_flags.ts";

/** Runs zot's root action and returns its exit code, or undefined to leave `args` to commander. */
export async function runDirect(args: string[], output: Output): Promise<number | undefined> {
  const run = quickParse(args);
  if (run === undefined) return undefined;
  try {
    refuseNearCommand(args, ROOT_COMMANDS);
    const { runRoot } = await import("./run_root.ts");
    await runRoot({ ...run, output });
    return 0;
  } catch (err) {
    return reportFailure(err, output, args.includes("--debug"));
  }
}
