/** `zot ext install`: copy or clone, show what it may do, ask, then commit. */

import { Command } from "../commander.ts";
import { join } from "node:path";
import {
  describePermissions,
  detectOsSandbox,
  discoverExtensions,
  emptyPermissions,
  enforcementNote,
  grantShape,
  hasEscape,
  installExtension,
  isSandboxed,
  type Manifest,
  type OsSandbox,
  projectExtensionsDir,
  type SandboxPlaces,
  sandboxPlaces,
  saveGrant,
} from "../../extensions/mod.ts";
import { type Output, paint, Spinner } from "../output.ts";
import { confirm } from "../confirm.ts";
import { type ExtCommandContext, onInterrupt } from "./context.ts";

/** `zot ext install <path|git-url> [--force] [--local]`. */
export function addInstall(ext: Command, { output, locations }: ExtCommandContext): void {
  ext.command("install")
    .description("install an extension from a folder (copied) or a git URL (shallow clone)")
    .argument("<source>", "folder holding extension.json, or a git URL")
    .option("--force", "replace an installed extension with the same name")
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
one without runs unrestricted, with your full user permissions.`,
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
            const ok = await confirm(output, "Install it?", options.yes);
            if (ok) spinner = new Spinner(output, `installing ${manifest.name}`).start();
            return ok;
          },
        });
        if (isSandboxed(result.manifest)) {
          const request = result.manifest.permissions ?? emptyPermissions();
          await saveGrant(paths, result.name, request, request, grantShape(result.manifest));
        }
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

/** What an extension will be able to do, in plain words, shown before install confirms. */
export function installSummary(
  manifest: Manifest,
  places: SandboxPlaces,
  output: Output,
  sandbox: OsSandbox,
): string {
  const title = `"${manifest.name}"${manifest.version ? " " + manifest.version : ""}`;
  if (!isSandboxed(manifest)) {
    return paint(output, "yellow", `${title} has no "permissions" in its manifest: `) +
      "it runs unrestricted, with your full user permissions (files, network, processes).\n";
  }
  const request = manifest.permissions ?? emptyPermissions();
  const lines = describePermissions(request, places).map((line) => `  - ${line}\n`).join("");
  const warning = hasEscape(request, places)
    ? paint(
      output,
      "red",
      "A grant marked FULL ACCESS undoes the sandbox: only accept it if you trust the code.\n",
    )
    : "";
  const note = enforcementNote(manifest, request, sandbox);
  const enforced = note ? paint(output, "yellow", `Enforced here: ${note}.`) + "\n" : "";
  return `${title} runs sandboxed and asks permission to:\n${lines}${warning}${enforced}`;
}
