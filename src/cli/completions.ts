/** `zot completions bash|zsh|fish`: prints a completion script generated from the command tree. */

import { Argument, type CommandUnknownOpts } from "./commander.ts";
import { newSubcommand } from "./subcommand.ts";
import { COMPLETION_SHELLS, completionScript } from "./completion_scripts.ts";
import type { Output } from "./output.ts";

/** `zot completions <shell>`. */
export function buildCompletionsCommand(output: Output): CommandUnknownOpts {
  return newSubcommand("completions", output)
    .description("print a shell completion script (bash, zsh or fish)")
    .addArgument(new Argument("<shell>", "the shell").choices(COMPLETION_SHELLS))
    .addHelpText(
      "after",
      `
Load it in the current shell, or add the line to your shell's startup file:
  bash  source <(zot completions bash)          (~/.bashrc)
  zsh   source <(zot completions zsh)           (~/.zshrc, after compinit)
  fish  zot completions fish | source           (~/.config/fish/config.fish)`,
    )
    .action((shell, _options, command) => {
      let root: CommandUnknownOpts = command;
      while (root.parent) root = root.parent;
      // `zot rpc` is rewritten to `zot --rpc` before commander sees it, so it is no subcommand.
      output.out(completionScript(root, shell, ["rpc"]));
    });
}
