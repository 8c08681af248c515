/** `zot ext …`: manage installed extensions. */

import { Command } from "./commander.ts";
import type { Output } from "./output.ts";

/** Builds the `ext` subcommand tree. */
export function buildExtCommand(_output: Output): Command {
  return new Command("ext")
    .description("manage extensions (list, install, remove, enable, disable, logs)");
}
