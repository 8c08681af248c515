/** `zot ext logs [-f] [--audit]`. */

import { Command } from "../commander.ts";
import { pathExists } from "../../config/mod.ts";
import { ZotError } from "../../errors/mod.ts";
import {
  auditLogFile,
  findInstalled,
  followLog,
  logFileFor,
  printLog,
} from "../../extensions/mod.ts";
import type { ExtCommandContext } from "./context.ts";
import { onInterrupt } from "../interrupts.ts";

/** `zot ext logs <name> [-f]`. */
export function addLogs(ext: Command, { output, locations }: ExtCommandContext): void {
  ext.command("logs")
    .description("print an extension's stderr log ($ZOT_HOME/logs/ext-<name>.log)")
    .argument("<name>", "extension name")
    .option("-f, --follow", "keep printing new lines until interrupted (Ctrl-C)")
    .option("--audit", "show Deno's permission audit instead (written under zot --ext-audit)")
    .action(async (name, options) => {
      const { cwd, paths } = locations();
      // logFileFor refuses an unsafe name with a usage error before any path is built.
      const log = logFileFor(paths, name);
      // A name with no log and no install is a typo, said as every other subcommand says it;
      // a log without an install is still shown (--ext extensions and removed ones log too).
      if (!(await pathExists(log))) await findInstalled(name, { cwd, paths });
      const path = options.audit ? auditLogFile(paths, name) : log;
      if (options.audit && !(await pathExists(path))) {
        throw new ZotError("ext_no_audit", `no permission audit for extension "${name}" yet`, 1, {
          hint: "run zot with --ext-audit to record what a sandboxed extension touches",
        });
      }
      const write = (text: string) => output.out(text);
      if (!options.follow) return await printLog(name, path, write);
      const controller = new AbortController();
      const stopListening = onInterrupt(() => controller.abort());
      // A closed stdout drops writes instead of failing them, so follow stops on its signal.
      output.closed?.addEventListener("abort", () => controller.abort(), { once: true });
      try {
        await followLog(name, path, write, { signal: controller.signal });
      } finally {
        stopListening();
      }
    });
}
