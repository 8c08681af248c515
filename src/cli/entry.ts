/**
 * The CLI's entrance: `--version` and `--help` are answered from two constants, so they load
 * neither commander nor anything else; a plain run's flags are read by the quick parser
 * (run_direct.ts); every other command imports the command tree on demand (literal local
 * paths, so `deno compile` and `deno bundle` still see them).
 */

// The version straight from deno.json (as config/version.ts reads it): config/mod.ts would
// load the rest of config/, and `--version` loads nothing beyond this entrance.
import denoJson from "../../deno.json" with { type: "json" };
import { ROOT_HELP } from "./root_help.ts";
import { type Output, processOutput } from "./output.ts";

/** What zot prints for these arguments without parsing them, or undefined to parse them. */
export function quickAnswer(args: readonly string[]): string | undefined {
  if (args.length !== 1) return undefined;
  if (args[0] === "--version" || args[0] === "-v") return `zot ${denoJson.version}\n`;
  if (args[0] === "--help" || args[0] === "-h") return ROOT_HELP;
  return undefined;
}

/** Runs zot with these arguments and returns the process exit code; never exits itself. */
export async function runCli(args: string[], output: Output = processOutput()): Promise<number> {
  const quick = quickAnswer(args);
  if (quick !== undefined) {
    output.out(quick);
    return 0;
  }
  // A plain run skips commander, whose own load costs about an empty Deno start.
  const direct = await import("./run_direct.ts");
  const code = await direct.runDirect(args, output);
  if (code !== undefined) return code;
  const program = await import("./program.ts");
  return await program.runCli(args, output);
}
