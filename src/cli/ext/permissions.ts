/** `zot ext permissions <name>`: review what a sandboxed extension asks for and what it is granted. */

import { Command, Option } from "../commander.ts";
import type { ZotPaths } from "../../config/mod.ts";
import {
  checkGrant,
  describePermissions,
  type DiscoveredExtension,
  droppedSinceGrant,
  emptyPermissions,
  findInstalled,
  grantShape,
  isSandboxed,
  loadGrant,
  PERMISSION_NAMES,
  type PermissionRequest,
  removeGrant,
  sandboxPlaces,
  saveGrant,
} from "../../extensions/mod.ts";
import type { ExtCommandContext } from "./context.ts";
import { confirm } from "../confirm.ts";
import { type Output, paint } from "../output.ts";
import { RUN_GRANT_HELP, runGrantFrom } from "../run_grant.ts";
import { addRunGrantOptions } from "../run_grant_options.ts";

/** Applies `--allow-*`/`--deny-*` adjustments on top of a grant: a given permission is replaced. */
export function adjustGrant(base: PermissionRequest, change: PermissionRequest): PermissionRequest {
  const next: PermissionRequest = {
    allow: { ...base.allow },
    deny: { ...base.deny },
  };
  for (const name of PERMISSION_NAMES) {
    if (change.allow[name] !== undefined) next.allow[name] = change.allow[name];
    if (change.deny[name] !== undefined) next.deny[name] = change.deny[name];
  }
  return next;
}

function section(title: string, lines: string[]): string {
  return `${title}\n${lines.map((l) => `  - ${l}`).join("\n")}\n`;
}

/**
 * A granted manifest that dropped `permissions` or `runtime` is refused at launch until
 * reviewed here: accepting re-grants it as it now is (or, without permissions, lets it run
 * unrestricted). True when it handled the extension.
 */
async function reviewDropped(
  found: DiscoveredExtension,
  paths: ZotPaths,
  output: Output,
  yes: boolean | undefined,
): Promise<boolean> {
  const record = await loadGrant(paths, found);
  const dropped = record && droppedSinceGrant(found.manifest, record);
  if (!record || !dropped) return false;
  output.err(
    paint(output, "yellow", `"${found.name}" changed since it was granted: ${dropped}`) + "\n",
  );
  if (!isSandboxed(found.manifest)) {
    if (await confirm(output, "Let it run unrestricted, with your full user permissions?", yes)) {
      await removeGrant(paths, found);
      output.out(`"${found.name}" now runs unrestricted\n`);
    }
    return true;
  }
  if (await confirm(output, "Keep the grant for the manifest as it is now?", yes)) {
    const request = found.manifest.permissions ?? emptyPermissions();
    await saveGrant(paths, found, request, record.granted, grantShape(found.manifest));
    output.out(`re-granted "${found.name}"\n`);
  }
  return false;
}

/** `zot ext permissions <name> [--allow-x=…] [--deny-x=…] [--reset] [-y]`. */
export function addPermissions(ext: Command, { output, locations }: ExtCommandContext): void {
  const command = ext.command("permissions")
    .description("show what an extension asks for and is granted; restrict or adjust the grant")
    .argument("<name>", "extension name (as shown by zot ext list)")
    .option("--reset", "grant exactly what the manifest asks for")
    .option("-y, --yes", "grant the manifest's request without asking when it is not granted yet")
    .addOption(new Option("--local", "the project copy (./.zot/extensions)").conflicts("global"))
    .addOption(new Option("--global", "the global copy ($ZOT_HOME/extensions)").conflicts("local"))
    .addHelpText(
      "after",
      `
${RUN_GRANT_HELP}
--allow-<perm> sets that permission of the grant; --deny-<perm> adds a deny.
The grant is stored in $ZOT_HOME/grants/, outside the extension's folder, and belongs to
this install: a reinstall, another copy or a --ext folder with the same name gets none of it.
Any installed extension can be restricted this way, whatever its language.`,
    );
  addRunGrantOptions(command);
  command.action(async (name, options) => {
    const { cwd, paths } = locations();
    const scope = options.local ? "project" : options.global ? "global" : undefined;
    const found: DiscoveredExtension = await findInstalled(name, { cwd, paths, scope });
    if (await reviewDropped(found, paths, output, options.yes)) return;
    const places = sandboxPlaces(paths, cwd, found.name, found.dir);
    const request = found.manifest.permissions ?? emptyPermissions();
    const record = await loadGrant(paths, found);
    const shape = grantShape(found.manifest);
    const change = runGrantFrom(options as Record<string, unknown>);
    // Any installed extension can be restricted; one without a request or grant runs as is.
    const restricted = isSandboxed(found.manifest) || record !== undefined || change !== undefined;
    if (!restricted && !options.reset) {
      output.out(
        `"${found.name}" has no "permissions" in its manifest: it runs unrestricted, with ` +
          `your full user permissions; restrict it with zot ext permissions ${found.name} ` +
          `--allow-…/--deny-… (e.g. --allow-read='$EXT_DIR')\n`,
      );
      return;
    }
    let granted = record?.granted;
    if (options.reset) {
      granted = await resetGrant(paths, found, request);
      output.out(`granted "${found.name}" what its manifest asks for\n`);
      if (!granted) return;
    } else if (change) {
      granted = adjustGrant(granted ?? emptyPermissions(), change);
      await saveGrant(paths, found, request, granted, shape);
      output.out(`updated the grant of "${found.name}"\n`);
    }
    output.out(section("requested (extension.json):", describePermissions(request, places)));
    output.out(
      granted
        ? section("granted:", describePermissions(granted, places))
        : "granted:\n  - nothing yet\n",
    );
    const check = checkGrant(request, await loadGrant(paths, found));
    if (check.ok) return;
    const what = check.reason === "no_grant"
      ? "it will not start until it is granted"
      : `it now asks for more than was granted: ${check.beyond.join("; ")}`;
    output.err(paint(output, "yellow", `"${found.name}": ${what}`) + "\n");
    if (await confirm(output, "Grant what it asks for?", options.yes)) {
      await saveGrant(paths, found, request, request, shape);
      output.out(`granted "${found.name}" what its manifest asks for\n`);
    }
  });
}

/**
 * `--reset`: the grant becomes exactly the manifest's request; for an extension whose
 * manifest asks nothing (no `permissions`), that means no grant: unrestricted again.
 */
async function resetGrant(
  paths: ZotPaths,
  found: DiscoveredExtension,
  request: PermissionRequest,
): Promise<PermissionRequest | undefined> {
  if (!isSandboxed(found.manifest)) {
    await removeGrant(paths, found);
    return undefined;
  }
  return (await saveGrant(paths, found, request, request, grantShape(found.manifest))).granted;
}
