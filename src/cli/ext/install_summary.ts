/**
 * What an extension will be able to do, in plain words: shown by `zot ext install` and by a
 * run that asks to trust a project's extensions. Kept apart from install.ts so a run loads
 * no commander.
 */

import {
  describePermissions,
  emptyPermissions,
  enforcementNote,
  hasEscape,
  isSandboxed,
  type Manifest,
  type OsSandbox,
  type SandboxPlaces,
} from "../../extensions/mod.ts";
import { type Output, paint } from "../output.ts";

/** What an extension will be able to do, in plain words, shown before install confirms. */
export function installSummary(
  manifest: Manifest,
  places: SandboxPlaces,
  output: Output,
  sandbox: OsSandbox,
): string {
  const title = `"${manifest.name}"${manifest.version ? " " + manifest.version : ""}`;
  if (manifest.url !== undefined) {
    return `${title} is a remote MCP server: nothing runs on this machine; zot connects to ` +
      `${manifest.url}.\n`;
  }
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
