/** `zot doctor`: reports what zot and extensions need on this machine, with the fix for each gap. */

import type { Command } from "./commander.ts";
import { newSubcommand } from "./subcommand.ts";
import { type Output, paint } from "./output.ts";
import { ZotError } from "../errors/mod.ts";

const MARKS = { ok: "✓", warn: "!", fail: "✗" } as const;
const COLORS = { ok: "green", warn: "yellow", fail: "red" } as const;

/** `zot doctor`; exits 1 when a check failed (warnings are optional things). */
export function buildDoctorCommand(output: Output): Command {
  return newSubcommand("doctor", output)
    .description("check deno, the OS sandbox, git, runtimes, $ZOT_HOME and provider keys")
    .addHelpText(
      "after",
      `
Each line is ✓ (fine), ! (optional, missing: what it means and how to get it) or ✗ (zot
cannot work as configured). Keys are reported by where they were found, never printed.
Exit code 1 when any line is ✗.`,
    )
    .action(async () => {
      const { processContext, runDoctor } = await import("../doctor/mod.ts");
      const items = await runDoctor(processContext());
      const width = Math.max(...items.map((i) => i.name.length));
      for (const item of items) {
        const mark = paint(output, COLORS[item.status], MARKS[item.status]);
        output.out(`${mark} ${item.name.padEnd(width)}  ${item.detail}\n`);
        if (item.fix) {
          output.out(`  ${" ".repeat(width)}  ${paint(output, "dim", `fix: ${item.fix}`)}\n`);
        }
      }
      const failed = items.filter((i) => i.status === "fail").length;
      if (failed > 0) {
        throw new ZotError("doctor_failed", `${failed} check${failed === 1 ? "" : "s"} failed`, 1, {
          hint: "see the fix under each ✗ above",
        });
      }
    });
}
