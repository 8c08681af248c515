/** `zot ext check <path|name>`: the extension checklist, for people and for CI (`--json`). */

import { BUILTIN_COMMAND_NAMES } from "../../commands/mod.ts";
import type { Command } from "../commander.ts";
import { pathExists, type ZotPaths } from "../../config/mod.ts";
import { ZotError } from "../../errors/mod.ts";
import {
  checkExtension,
  type CheckReport,
  type CheckStatus,
  type DiscoveredExtension,
  discoverExtensions,
  findInstalled,
} from "../../extensions/mod.ts";
import type { ExtCommandContext } from "./context.ts";
import { type Output, paint, type Style } from "../output.ts";
import { sanitizeLine } from "../../text/mod.ts";

const MARKS: Record<CheckStatus, [string, Style]> = {
  pass: ["✓", "green"],
  warn: ["!", "yellow"],
  fail: ["✗", "red"],
  skip: ["-", "dim"],
  info: ["i", "cyan"],
};

/** Renders a report as a checklist, stderr last. */
export function renderCheck(report: CheckReport, output: Output): string {
  let text = `checking "${report.extension}" in ${report.dir}\n`;
  for (const item of report.items) {
    const [mark, style] = MARKS[item.status];
    const detail = item.detail ? paint(output, "dim", `  ${sanitizeLine(item.detail)}`) : "";
    text += `${paint(output, style, mark)} ${item.title}${detail}\n`;
  }
  if (report.stderr.trim()) {
    // The extension's stderr is foreign text (and Deno colours its own messages).
    const lines = report.stderr.trimEnd().split("\n").map((l) => sanitizeLine(l));
    text += "stderr:\n" + lines.map((l) => `  ${l.trimEnd()}\n`).join("");
  }
  const failed = report.items.filter((i) => i.status === "fail").length;
  text += failed
    ? paint(output, "red", `${failed} problem(s) found`) + "\n"
    : paint(output, "green", "all checks passed") + "\n";
  return text;
}

async function resolveTarget(
  target: string,
  cwd: string,
  paths: ZotPaths,
): Promise<DiscoveredExtension> {
  const isPath = target.includes("/") || target === "." || await pathExists(target);
  if (!isPath) return await findInstalled(target, { cwd, paths });
  const found = await discoverExtensions({ cwd, paths, explicit: [target], noDiscovery: true });
  if (found.extensions[0]) return found.extensions[0];
  const bad = found.invalid[0];
  throw new ZotError(
    "ext_check_manifest",
    `cannot check ${target}: ${bad ? bad.reason : "no extension.json found"}`,
    1,
    { hint: bad ? `fix ${bad.manifestPath}` : "point at a folder holding extension.json" },
  );
}

/** `zot ext check <path|name> [--probe] [--json]`. */
export function addCheck(ext: Command, { output, locations }: ExtCommandContext): void {
  ext.command("check")
    .description("start one extension alone and report, as a checklist, what works and what not")
    .argument("<target>", "extension folder, or the name of an installed extension")
    .option("--probe", "also call each command and tool with sample arguments")
    .option("--json", "print the report as JSON (for CI)")
    .addHelpText(
      "after",
      `
Checks: the manifest, hello (first frame, name, timing), each registration (tool schemas),
the ready sentinel, probes (with --probe), shutdown_ack within 2 s, exit, and anything on
stdout that is not a frame. Exits 1 when any check fails. A sandboxed extension runs with
exactly the permissions its manifest requests; logs and data go to a scratch folder.`,
    )
    .action(async (target, options) => {
      const { cwd, paths } = locations();
      const ext = await resolveTarget(target, cwd, paths);
      const report = await checkExtension(ext, {
        cwd,
        env: Deno.env.toObject(),
        probe: options.probe,
        builtinCommands: BUILTIN_COMMAND_NAMES,
      });
      output.out(
        options.json ? JSON.stringify(report, null, 2) + "\n" : renderCheck(report, output),
      );
      if (!report.ok) {
        throw new ZotError(
          "ext_check_failed",
          `extension "${report.extension}" failed its check`,
          1,
          {
            hint: "see the items marked above",
          },
        );
      }
    });
}
