/** `zot ext install`: copy or clone, show what it may do, ask, then commit. */

import { Command } from "../commander.ts";
import { isAbsolute, join } from "../../paths/mod.ts";
import { BUILTIN_COMMAND_NAMES } from "../../commands/mod.ts";
import type { ZotPaths } from "../../config/mod.ts";
import { ZotError } from "../../errors/mod.ts";
import {
  checkExtension,
  detectOsSandbox,
  discoverExtensions,
  emptyPermissions,
  grantShape,
  installExtension,
  type InstallResult,
  isSandboxed,
  type Manifest,
  MANIFEST_FILE,
  projectExtensionsDir,
  sandboxPlaces,
  saveGrant,
  trustExtension,
} from "../../extensions/mod.ts";
import { renderCheck } from "./check.ts";
import { installSummary } from "./install_summary.ts";
import { type Output, paint, Spinner } from "../output.ts";
import { confirm } from "../confirm.ts";
import type { ExtCommandContext } from "./context.ts";
import { onInterrupt } from "../interrupts.ts";

/** `zot ext install <path|git-url> [--force] [--local]`. */
export function addInstall(ext: Command, { output, locations }: ExtCommandContext): void {
  ext.command("install")
    .description("install an extension from a folder (copied) or a git URL (shallow clone)")
    .argument("<source>", "folder holding extension.json, or a git URL")
    .option(
      "--force",
      "replace an installed extension with the same name; install even if its check fails",
    )
    .option("--local", "install into ./.zot/extensions instead of $ZOT_HOME/extensions")
    .option("-y, --yes", "install (and grant the permissions it asks for) without asking")
    .addHelpText(
      "after",
      `
Git URLs: https://, http://, ssh://, git://, file://, user@host:path, or anything ending in
.git. The extension is validated before it is moved into place; a failed install leaves
nothing behind. It is installed under the name in its extension.json.

Before installing, zot shows what the extension may do and asks to confirm: an
extension with "permissions" (any language) runs sandboxed with exactly what you grant;
one without runs unrestricted, with your full user permissions. Then it starts the
extension once, alone, as zot ext check does (handshake, registrations, shutdown), and
refuses to install one that fails (--force installs it anyway). Ctrl-C at the question
cancels.`,
    )
    .action(async (source, options) => {
      const { cwd, paths } = locations();
      const controller = new AbortController();
      let spinner = new Spinner(output, `fetching ${source}`).start();
      const stopListening = onInterrupt(() => controller.abort());
      const root = options.local ? projectExtensionsDir(cwd) : paths.extensions;
      let result;
      try {
        result = await installExtension({
          source,
          cwd,
          paths,
          force: options.force,
          local: options.local,
          signal: controller.signal,
          confirm: async (manifest) => {
            spinner.stop();
            const places = sandboxPlaces(paths, cwd, manifest.name, join(root, manifest.name));
            output.err(
              installSummary(manifest, places, output, await detectOsSandbox(Deno.env.toObject())),
            );
            const ok = await confirm(output, "Install it?", options.yes, controller.signal);
            if (ok) spinner = new Spinner(output, `checking ${manifest.name}`).start();
            return ok;
          },
          verify: async (manifest, staged) => {
            const problem = await handshakeProblem(manifest, staged, cwd);
            if (!problem) return;
            spinner.stop();
            if (!options.force) throw problem.error(output);
            output.err(
              paint(output, "yellow", `warning: ${problem.summary}; installing anyway (--force)`) +
                "\n",
            );
          },
        });
        await recordConsent(result, paths);
      } finally {
        stopListening();
        spinner.stop();
      }
      const version = result.manifest.version ? ` ${result.manifest.version}` : "";
      output.out(`installed "${result.name}"${version} (${result.scope}) in ${result.dir}\n`);
      for (const dir of result.replaced) output.out(`replaced the copy that was in ${dir}\n`);
      const warnings = [...result.warnings];
      if (!result.manifest.enabled) {
        warnings.push(`it is disabled in its manifest; run: zot ext enable ${result.name}`);
      }
      const after = await discoverExtensions({ cwd, paths, explicit: [], noDiscovery: false });
      const winner = after.shadowed.find((s) => s.dir === result.dir)?.shadowedBy;
      if (winner) warnings.push(`the ${winner.source} copy in ${winner.dir} wins over this one`);
      for (const w of warnings) output.err(paint(output, "yellow", `warning: ${w}`) + "\n");
    });
}

/**
 * Installing is consent for this install: a sandboxed extension is granted what it asks
 * for, and one installed into the project (--local) is trusted as it is now.
 */
async function recordConsent(result: InstallResult, paths: ZotPaths): Promise<void> {
  const subject = { name: result.name, dir: result.dir, source: result.scope };
  if (isSandboxed(result.manifest)) {
    const request = result.manifest.permissions ?? emptyPermissions();
    await saveGrant(paths, subject, request, request, grantShape(result.manifest));
  }
  if (result.scope === "project") await trustExtension(paths, subject);
}

/**
 * Starts the staged copy once, alone, as `zot ext check` does (hello, registrations, ready,
 * shutdown). Commands and tools are not probed: calling an unknown tool with sample
 * arguments could do anything, and the user asked for an install, not a run.
 */
async function handshakeProblem(
  manifest: Manifest,
  staged: string,
  cwd: string,
): Promise<{ summary: string; error(output: Output): ZotError } | undefined> {
  // A program built after install (e.g. `go build` in place) cannot be checked yet; the
  // install warns that it is missing instead.
  if (await unbuilt(manifest, staged)) return undefined;
  const report = await checkExtension({
    name: manifest.name,
    dir: staged,
    manifestPath: join(staged, MANIFEST_FILE),
    source: "global",
    // Disabled or not, what is installed must work once enabled.
    manifest: { ...manifest, enabled: true },
  }, { cwd, env: Deno.env.toObject(), builtinCommands: BUILTIN_COMMAND_NAMES });
  if (report.ok) return undefined;
  const failed = report.items.filter((i) => i.status === "fail");
  const summary = `"${manifest.name}" failed its check (${
    failed.map((i) => i.detail ? `${i.title}: ${i.detail}` : i.title).join("; ")
  })`;
  return {
    summary,
    error: (output) => {
      output.err(renderCheck({ ...report, dir: `${manifest.name} (staged copy)` }, output));
      return new ZotError("ext_check_failed", `did not install ${summary}`, 1, {
        hint:
          `nothing was installed; fix it (zot ext check <folder> shows the same list), or pass --force to install it anyway`,
      });
    },
  };
}

async function unbuilt(manifest: Manifest, dir: string): Promise<boolean> {
  const exec = manifest.exec;
  const inFolder = (exec.includes("/") || exec.startsWith(".")) && !isAbsolute(exec);
  if (!inFolder) return false;
  return await Deno.stat(join(dir, exec)).then(() => false, () => true);
}
