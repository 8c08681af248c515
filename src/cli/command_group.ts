/**
 * The one convention for command groups (`zot ext`, and any group added later): the group
 * alone prints its help on stdout and exits 0, as `--help` does, because asking a group what
 * it has is not a mistake; an unknown subcommand stays a usage error on stderr (exit 2).
 */

import type { Command } from "./commander.ts";

type AnyCommand = Command<unknown[], Record<string, unknown>, Record<string, unknown>>;

/** Applies the group convention to every command under `root` that has subcommands. */
export function applyGroupConvention(root: AnyCommand): void {
  for (const command of root.commands as AnyCommand[]) {
    if (command.commands.length > 0) {
      // Commander answers a group without a subcommand with help({error: true}), i.e. help
      // on stderr; that call and `zot ext help <unknown>` are the only ones, so both go to
      // stdout instead.
      const help = command.help.bind(command);
      command.help = ((context?: { error?: boolean }) =>
        help({ ...context, error: false })) as typeof command.help;
    }
    applyGroupConvention(command);
  }
}
