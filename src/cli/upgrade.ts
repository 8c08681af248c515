/** `zot upgrade [--check | --rollback]`: replace this zot binary with the newest release. */

import { dirname } from "../paths/mod.ts";
import { fileURLToPath } from "node:url";
import { type Command, Option } from "./commander.ts";
import { newSubcommand } from "./subcommand.ts";
import { ZOT_VERSION } from "../config/mod.ts";
import { type Output, paint } from "./output.ts";

/** Whether this zot is a compiled binary (else it runs from source under deno). */
export function isCompiled(): boolean {
  return Deno.build.standalone;
}

/** `zot upgrade`; the release code loads only when the command runs. */
export function buildUpgradeCommand(output: Output): Command {
  return newSubcommand("upgrade", output)
    .description("upgrade this zot binary to the newest release (--check only reports)")
    .option("--check", "only say whether a newer release exists")
    .option("--rollback", "put back the binary the last upgrade replaced")
    // For tests and unusual installs: which file to replace, and which platform to fetch for.
    .addOption(new Option("--binary <path>", "the zot binary to replace").hideHelp())
    .addOption(new Option("--platform <os/arch>", "fetch for this platform").hideHelp())
    .addHelpText(
      "after",
      `
The release comes from ZOT_RELEASE_URL when set (a mirror), else the newest GitHub release.
The download is checked against the release's SHA256SUMS and must run as zot before it
replaces the binary; the replaced one is kept beside it as <binary>.previous.
A zot run from source (deno task zot, deno task install) is updated with git pull instead.`,
    )
    .action(async (options) => {
      const release = await import("../release/mod.ts");
      const { ReleaseError } = await import("../errors/mod.ts");
      const say = (line: string) => output.out(line + "\n");
      const releaseUrl = Deno.env.get("ZOT_RELEASE_URL") || release.DEFAULT_RELEASE_URL;
      const binary = options.binary ?? (isCompiled() ? Deno.execPath() : undefined);
      if (binary === undefined && (options.rollback || !options.check)) {
        throw new ReleaseError(
          "not_compiled",
          "this zot runs from source, so there is no binary to replace",
          { hint: `update the checkout instead: ${sourceUpdateCommand()}` },
        );
      }
      if (options.rollback) {
        await release.rollback(binary!, say);
        return;
      }
      const [os, arch] = (options.platform ?? `${Deno.build.os}/${Deno.build.arch}`).split("/");
      await release.upgrade({
        releaseUrl,
        currentVersion: ZOT_VERSION,
        binary: binary ?? "",
        target: release.targetFor(os, arch ?? ""),
        platform: `${os}/${arch ?? "?"}`,
        checkOnly: options.check,
        say,
      });
      if (binary === undefined) {
        output.out(
          paint(output, "dim", `this zot runs from source; ${sourceUpdateCommand()}`) + "\n",
        );
      }
    });
}

function sourceUpdateCommand(): string {
  const main = Deno.mainModule.startsWith("file:") ? fileURLToPath(Deno.mainModule) : undefined;
  return main ? `git -C ${dirname(main)} pull` : "git pull in your zot checkout";
}
