/**
 * `zot ext …`: manage installed extensions. Each subcommand is added by its own function
 * taking the `ext` command and an ExtCommandContext, so later ones (`new`, `check`,
 * `permissions`) plug in the same way.
 */

import { Command, Option } from "./commander.ts";
import { pathExists, resolveZotHome, ZotPaths } from "../config/mod.ts";
import { join } from "node:path";
import { ZotError } from "../errors/mod.ts";
import {
  auditLogFile,
  describeAccess,
  describePermissions,
  discoverExtensions,
  emptyPermissions,
  findInstalled,
  followLog,
  hasEscape,
  installExtension,
  type InstallScope,
  isSandboxed,
  logFileFor,
  type Manifest,
  printLog,
  projectExtensionsDir,
  removeExtension,
  removeGrant,
  type SandboxPlaces,
  sandboxPlaces,
  saveGrant,
  setExtensionEnabled,
} from "../extensions/mod.ts";
import { type Output, paint, Spinner } from "./output.ts";
import { confirm } from "./confirm.ts";
import { addPermissions } from "./ext_permissions.ts";
import { addCheck } from "./ext_check.ts";
import { addNew } from "./ext_new.ts";
import { listRows, renderPlain, renderTable } from "./ext_list.ts";

/** What every `zot ext` subcommand needs. */
export interface ExtCommandContext {
  output: Output;
  /** cwd and `$ZOT_HOME`, resolved when a subcommand runs (so `--help` needs neither). */
  locations(): { cwd: string; paths: ZotPaths };
}

const SCOPE_HELP = `
When <name> is installed both in the project (./.zot/extensions) and globally
($ZOT_HOME/extensions), this acts on the project copy, the one zot loads.
Pass --global or --local to pick a copy explicitly.`;

/** Builds the `ext` subcommand tree. */
export function buildExtCommand(output: Output): Command {
  const ext = new Command("ext")
    .description(
      "manage extensions (list, install, remove, enable, disable, logs, permissions, check, new)",
    )
    .helpOption("-h, --help", "show help")
    // `zot ext` is added with addCommand, which inherits nothing from the root program.
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (s) => output.out(s),
      writeErr: (s) => output.err(s),
      outputError: (s, write) => write(paint(output, "red", s)),
    })
    // runCli reads --debug from the raw arguments; this only keeps commander from refusing it.
    .addOption(new Option("--debug", "show stack traces and causes of errors").hideHelp());
  const context: ExtCommandContext = {
    output,
    locations: () => ({ cwd: Deno.cwd(), paths: new ZotPaths(resolveZotHome()) }),
  };
  for (
    const add of [
      addList,
      addInstall,
      addRemove,
      addEnable,
      addDisable,
      addLogs,
      addPermissions,
      addCheck,
      addNew,
    ]
  ) {
    add(ext, context);
  }
  return ext;
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

function localOption() {
  return new Option("--local", "act on the project copy (./.zot/extensions)").conflicts("global");
}

function globalOption() {
  return new Option("--global", "act on the global copy ($ZOT_HOME/extensions)").conflicts("local");
}

function scopeOf(options: { local?: true; global?: true }): InstallScope | undefined {
  if (options.local) return "project";
  if (options.global) return "global";
  return undefined;
}

/** `zot ext list [--json] [--ext <path>]`. */
export function addList(ext: Command, { output, locations }: ExtCommandContext): void {
  ext.command("list")
    .alias("ls")
    .description("list extensions: name, version, source, state, access, description, path")
    .option("--json", "print a JSON array instead of a table")
    .option(
      "-e, --ext <path>",
      "also show the extension in this folder, as --ext loads it",
      collect,
    )
    .action(async (options) => {
      const { cwd, paths } = locations();
      const found = await discoverExtensions({
        cwd,
        paths,
        explicit: options.ext ?? [],
        noDiscovery: false,
      });
      const access = new Map<string, string>();
      for (const ext of [...found.extensions, ...found.shadowed]) {
        access.set(ext.dir, await describeAccess(ext, { paths, cwd }));
      }
      const rows = listRows(found, access);
      if (options.json) {
        output.out(JSON.stringify(rows, null, 2) + "\n");
      } else if (rows.length === 0) {
        output.out("no extensions installed; add one with: zot ext install <path|git-url>\n");
      } else {
        output.out(output.isTty ? renderTable(rows, output) : renderPlain(rows));
      }
    });
}

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

Before installing, zot shows what the extension may do and asks to confirm: a Deno
extension with "permissions" runs sandboxed with exactly what you grant; any other
program runs unrestricted, with your full user permissions.`,
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
            output.err(installSummary(manifest, places, output));
            const ok = await confirm(output, "Install it?", options.yes);
            if (ok) spinner = new Spinner(output, `installing ${manifest.name}`).start();
            return ok;
          },
        });
        if (isSandboxed(result.manifest)) {
          const request = result.manifest.permissions ?? emptyPermissions();
          await saveGrant(paths, result.name, request, request);
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
export function installSummary(manifest: Manifest, places: SandboxPlaces, output: Output): string {
  const title = `"${manifest.name}"${manifest.version ? " " + manifest.version : ""}`;
  if (!isSandboxed(manifest)) {
    return paint(output, "yellow", `${title} is not a Deno program, so zot cannot restrict it: `) +
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
  return `${title} runs sandboxed by Deno and asks permission to:\n${lines}${warning}`;
}

/** `zot ext remove|rm <name> [-y] [--local|--global]`. */
export function addRemove(ext: Command, { output, locations }: ExtCommandContext): void {
  ext.command("remove")
    .alias("rm")
    .description("delete an installed extension's folder")
    .argument("<name>", "extension name (as shown by zot ext list)")
    .option("-y, --yes", "accepted for compatibility; remove never asks")
    .addOption(localOption())
    .addOption(globalOption())
    .addHelpText("after", SCOPE_HELP)
    .action(async (name, options) => {
      const { cwd, paths } = locations();
      const removed = await removeExtension(name, { cwd, paths, scope: scopeOf(options) });
      output.out(`removed "${removed.name}" (${removed.source}) from ${removed.dir}\n`);
      // The grant goes with the last installed copy, so a later install asks afresh.
      const remaining = await findInstalled(removed.name, { cwd, paths }).catch(() => undefined);
      if (!remaining && removed.valid) await removeGrant(paths, removed.name);
    });
}

function addToggle(ext: Command, context: ExtCommandContext, enabled: boolean): void {
  const verb = enabled ? "enable" : "disable";
  ext.command(verb)
    .description(
      enabled ? "re-enable a disabled extension" : "disable an extension without removing it",
    )
    .argument("<name>", "extension name (as shown by zot ext list)")
    .addOption(localOption())
    .addOption(globalOption())
    .addHelpText(
      "after",
      `${SCOPE_HELP}\nThe state is saved as "enabled" in its extension.json; comments stay.`,
    )
    .action(async (name, options) => {
      const result = await setExtensionEnabled(name, enabled, {
        ...context.locations(),
        scope: scopeOf(options),
      });
      const { extension } = result;
      const state = `${verb}d`;
      context.output.out(
        result.changed
          ? `${state} "${extension.name}" (${extension.source}) in ${extension.manifestPath}\n`
          : `"${extension.name}" (${extension.source}) is already ${state}\n`,
      );
    });
}

/** `zot ext enable <name> [--local|--global]`. */
export function addEnable(ext: Command, context: ExtCommandContext): void {
  addToggle(ext, context, true);
}

/** `zot ext disable <name> [--local|--global]`. */
export function addDisable(ext: Command, context: ExtCommandContext): void {
  addToggle(ext, context, false);
}

/** `zot ext logs <name> [-f]`. */
export function addLogs(ext: Command, { output, locations }: ExtCommandContext): void {
  ext.command("logs")
    .description("print an extension's stderr log ($ZOT_HOME/logs/ext-<name>.log)")
    .argument("<name>", "extension name")
    .option("-f, --follow", "keep printing new lines until interrupted (Ctrl-C)")
    .option("--audit", "show Deno's permission audit instead (written under zot --ext-audit)")
    .action(async (name, options) => {
      const { paths } = locations();
      // logFileFor refuses an unsafe name with a usage error before any path is built.
      const log = logFileFor(paths, name);
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
      try {
        await followLog(name, path, write, { signal: controller.signal });
      } finally {
        stopListening();
      }
    });
}

/** Calls `handler` on SIGINT (and SIGTERM where Deno supports it); returns the unsubscribe. */
function onInterrupt(handler: () => void): () => void {
  const signals: Deno.Signal[] = Deno.build.os === "windows" ? ["SIGINT"] : ["SIGINT", "SIGTERM"];
  for (const signal of signals) Deno.addSignalListener(signal, handler);
  return () => {
    for (const signal of signals) Deno.removeSignalListener(signal, handler);
  };
}
