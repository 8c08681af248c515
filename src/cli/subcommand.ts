/** A top-level subcommand configured like the root program (addCommand inherits nothing). */

import { Command, Option } from "./commander.ts";
import { type Output, paint } from "./output.ts";

/** A new `zot <name>` command that throws instead of exiting and writes through `output`. */
export function newSubcommand(name: string, output: Output): Command {
  return new Command(name)
    .helpOption("-h, --help", "show help")
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (s) => output.out(s),
      writeErr: (s) => output.err(s),
      outputError: (s, write) => write(paint(output, "red", s)),
    })
    // runCli reads --debug from the raw arguments; this only keeps commander from refusing it.
    .addOption(new Option("--debug", "show stack traces and causes of errors").hideHelp());
}
