/**
 * What stands between discovery and the extension host: project trust (the TUI asks, the
 * other modes skip untrusted extensions with one line naming `zot ext trust`), and the set
 * of required extensions the host must see running before any tool call runs.
 */

import type { ZotPaths } from "../config/mod.ts";
import {
  type DiscoveredExtension,
  type DiscoveryResult,
  loadHost,
  loadRequirements,
  outsideFolder,
  partitionByTrust,
  type RefusedLaunch,
  requiredNames,
  trustExtension,
  type UntrustedExtension,
  untrustedReason,
} from "../extensions/run_mod.ts";
import { confirm } from "./confirm.ts";
import { type Output, paint } from "./output.ts";

/** How the gate talks to the user. */
export interface GateOptions {
  paths: ZotPaths;
  cwd: string;
  output: Output;
  /** Ask about untrusted project extensions (the TUI, before it takes the screen). */
  ask: boolean;
  /** Where a refusal is reported; the default writes a `zot:` line to stderr. */
  report?: (line: string) => void;
}

/** The extensions that may start, and the project ones held back. */
export interface GateResult {
  start: DiscoveredExtension[];
  held: UntrustedExtension[];
}

/** Holds back untrusted project extensions, asking about each one when `ask` is set. */
export async function trustGate(
  extensions: readonly DiscoveredExtension[],
  options: GateOptions,
): Promise<GateResult> {
  const report = options.report ??
    ((line: string) => options.output.err(`zot: ${line}\n`));
  const enabled = extensions.filter((ext) => ext.manifest.enabled);
  const { trusted, untrusted } = await partitionByTrust(options.paths, enabled);
  const start = [...trusted];
  const held: UntrustedExtension[] = [];
  for (const item of untrusted) {
    if (options.ask && await askTrust(item, options)) {
      await trustExtension(options.paths, item.extension);
      start.push(item.extension);
      continue;
    }
    held.push(item);
    const { name } = item.extension;
    report(`extension ${name} not started: ${untrustedReason(name, item.state)}`);
  }
  // Keep discovery's precedence order for the host.
  const order = new Map(extensions.map((ext, i) => [ext, i]));
  start.sort((a, b) => order.get(a)! - order.get(b)!);
  return { start, held };
}

async function askTrust(item: UntrustedExtension, options: GateOptions): Promise<boolean> {
  const { extension: ext, state } = item;
  const { output } = options;
  const why = state === "modified"
    ? "changed since you trusted it"
    : "comes with this project and is not trusted yet";
  output.err(`\nThe project extension "${ext.name}" (${ext.dir}) ${why}.\n`);
  // Only asking needs the sandbox and install's summary: a run that does not ask loads neither.
  const { detectOsSandbox, sandboxPlaces } = await loadHost();
  const { installSummary } = await import("./ext/install_summary.ts");
  const places = sandboxPlaces(options.paths, options.cwd, ext.name, ext.dir);
  const sandbox = await detectOsSandbox(Deno.env.toObject());
  output.err(installSummary(ext.manifest, places, output, sandbox));
  output.err(blindSpotWarning(ext, output));
  return await confirm(output, `Trust "${ext.name}" and start it?`);
}

/** A warning about programs the fingerprint cannot pin, or "" when there are none. */
export function blindSpotWarning(ext: DiscoveredExtension, output: Output): string {
  const outside = outsideFolder(ext);
  if (outside.length === 0) return "";
  return paint(
    output,
    "yellow",
    `It runs ${outside.join(", ")} from outside its folder; trust covers only the folder's ` +
      "files, so changes there are not noticed.",
  ) + "\n";
}

/**
 * The required extensions for the host (see ExtensionHost.setRequired): each name with why
 * zot did not start it, or "" for those it launches (the host then knows their state).
 */
export async function requiredMap(
  found: DiscoveryResult,
  gate: GateResult,
  refused: readonly RefusedLaunch[],
  paths: ZotPaths,
): Promise<Map<string, string>> {
  const names = requiredNames(found.extensions, await loadRequirements(paths));
  const map = new Map<string, string>();
  for (const name of names) {
    const ext = found.extensions.find((e) => e.name === name);
    const held = gate.held.find((h) => h.extension.name === name);
    const refusal = refused.find((r) => r.name === name);
    const why = !ext
      ? "it is not installed here, or --no-ext skipped it"
      : !ext.manifest.enabled
      ? `it is disabled; run: zot ext enable ${name}`
      : held
      ? untrustedReason(name, held.state)
      : refusal
      ? refusal.reason
      : "";
    map.set(name, why);
  }
  return map;
}

/** One stderr line per required extension that is not running: tool calls are blocked. */
export function reportRequired(
  host: { status(): { name: string; state: string }[] } | undefined,
  required: ReadonlyMap<string, string>,
  output: Output,
): void {
  for (const [name, why] of required) {
    const up = (host?.status() ?? []).some((st) =>
      st.name === name && (st.state === "ready" || st.state === "starting")
    );
    if (up) continue;
    output.err(
      `zot: tool calls are blocked: required extension ${name} is not running` +
        `${why ? ` (${why})` : ""}; see: zot ext logs ${name}\n`,
    );
  }
}
