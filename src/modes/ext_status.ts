/** Extension status as the modes see it and as `rpc` and `--json` put it on the wire. */

/** One extension's state and figures (the host's ExtensionStatus, structurally). */
export interface ExtStatusView {
  name: string;
  state: string;
  reason?: string;
  pid?: number;
  version?: string;
  restarts?: number;
  uptimeMs?: number;
  lastError?: string;
  calls?: number;
  failedCalls?: number;
  latencyP50Ms?: number;
  latencyP99Ms?: number;
}

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
