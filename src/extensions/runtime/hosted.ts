/**
 * What the host needs from one extension, whatever protocol it speaks: the NDJSON
 * ManagedExtension and the MCP McpExtension both implement it, so the host, the registry
 * and everything above them (agent, modes) never learn which protocol an extension uses.
 */

import type { EventName, HostFrame, InterceptableEvent } from "../../protocol/mod.ts";
import type { LaunchSpec } from "../manifest/mod.ts";
import type { CallOptions, RequestKind, ResponseByKind } from "./connection.ts";
import type { ExtensionState, ExtensionStatus } from "./host_types.ts";
import type { RegistrationSource } from "./registry.ts";

/** What a caller may add to a request: its abort signal and a progress listener. */
export type RequestOptions = Omit<CallOptions, "timeoutMs" | "hardCapMs">;

/** One extension under the host's care. */
export interface HostedExtension extends RegistrationSource {
  readonly spec: LaunchSpec;
  /** Resolves once the extension is ready, refused or exited. */
  readonly settled: Promise<void>;
  readonly state: ExtensionState;
  /** Accepted and still able to take requests. */
  readonly running: boolean;
  readonly subscriptions: Set<EventName>;
  readonly intercepts: Set<InterceptableEvent>;
  /** Starts the extension; a failure refuses it (never throws). */
  launch(): void;
  /** Refuses the extension and stops whatever it started. */
  refuse(reason: string): void;
  /** The startup deadline passed. */
  readyByDeadline(): void;
  /** Queues a one-way frame; false when the extension cannot take it. */
  send(frame: HostFrame): boolean;
  /**
   * Sends a request and awaits its response; rejects with ExtensionError / CancelledError.
   * The extension's own timeouts apply (its manifest's, else the host's).
   */
  request<K extends RequestKind>(
    kind: K,
    label: string,
    build: (id: string) => HostFrame,
    options?: RequestOptions,
  ): Promise<ResponseByKind[K]>;
  status(): ExtensionStatus;
  /** Stops the extension by `deadline`, escalating as needed; idempotent. */
  stop(deadline: number): Promise<void>;
  /** Last resort at process exit. */
  killNow(): void;
}
