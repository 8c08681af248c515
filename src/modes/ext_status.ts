/** Extension status as the modes see it and as `rpc` and `--json` put it on the wire. */

import type { ExtensionStatus } from "../extensions/mod.ts";

/** One extension's state and figures, as far as the modes show them (from the host's status). */
export type ExtStatusView = Pick<
  ExtensionStatus,
  | "name"
  | "state"
  | "reason"
  | "pid"
  | "version"
  | "restarts"
  | "uptimeMs"
  | "lastError"
  | "calls"
  | "failedCalls"
  | "latencyP50Ms"
  | "latencyP99Ms"
>;

/** The snake_case wire form (`ext_status` events, `list_extensions`); absent fields omitted. */
export function extStatusToWire(s: ExtStatusView): Record<string, unknown> {
  const wire: Record<string, unknown> = { name: s.name, state: s.state };
  const optional: [string, unknown][] = [
    ["reason", s.reason],
    ["pid", s.pid],
    ["version", s.version],
    ["restarts", s.restarts],
    ["uptime_ms", s.uptimeMs],
    ["last_error", s.lastError],
    ["calls", s.calls],
    ["failed_calls", s.failedCalls],
    ["latency_p50_ms", s.latencyP50Ms],
    ["latency_p99_ms", s.latencyP99Ms],
  ];
  for (const [key, value] of optional) if (value !== undefined) wire[key] = value;
  return wire;
}
