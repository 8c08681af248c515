/**
 * `zot ext status`: starts every extension zot would load here, as a session would, and
 * reports how each one came up (state, how it became ready or why not, restarts, last
 * error), then stops them. A running session's live figures (uptime, latency) come from
 * rpc `list_extensions` and `ext_status` events.
 */

import { Command } from "../commander.ts";
import { ExtensionHost, type ExtensionStatus, planLaunches } from "../../extensions/mod.ts";
import { collect, discoverHere, type ExtCommandContext } from "./context.ts";

/** One row of the status table. */
interface StatusRow {
  name: string;
  state: string;
  detail: string;
}

function rowOf(status: ExtensionStatus): StatusRow {
  const detail = status.state === "ready"
    ? `ready via ${status.readyVia ?? "frame"}${
      status.version ? `, version ${status.version}` : ""
    }`
    : status.reason ?? "";
  return { name: status.name, state: status.state, detail };
}

/** `zot ext status [--json] [--ext <path>]`. */
export function addStatus(ext: Command, context: ExtCommandContext): void {
  const { output } = context;
  ext.command("status")
    .description("start every extension as a session would and report its state, then stop")
    .option("--json", "print a JSON array instead of a table")
    .option("-e, --ext <path>", "also start the extension in this folder", collect)
    .action(async (options) => {
      const { cwd, paths, found } = await discoverHere(context, options.ext);
      const plan = await planLaunches(found.extensions, { paths, cwd, env: Deno.env.toObject() });
      const host = await ExtensionHost.start(plan.specs, { paths, cwd, provider: "", model: "" });
      const statuses = host.status();
      await host.shutdown();
      const rows: (StatusRow & Partial<Omit<ExtensionStatus, "state">>)[] = [
        ...found.invalid.map((bad) => ({ name: bad.dir, state: "invalid", detail: bad.reason })),
        ...plan.refused.map((r) => ({ name: r.name, state: "refused", detail: r.reason })),
        ...statuses.map((s) => ({ ...s, ...rowOf(s) })),
      ];
      if (options.json) {
        output.out(JSON.stringify(rows, null, 2) + "\n");
        return;
      }
      if (rows.length === 0) {
        output.out("no extensions to start here; add one with: zot ext install <path|git-url>\n");
        return;
      }
      const width = Math.max(...rows.map((r) => r.name.length));
      for (const row of rows) {
        output.out(`${row.name.padEnd(width)}  ${row.state.padEnd(11)}  ${row.detail}\n`);
      }
    });
}
