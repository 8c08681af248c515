/** The host's side of the handshake and of a call's limits, for one extension. */

import { resolve } from "../../paths/mod.ts";
import {
  type HelloFrame,
  HOST_FEATURES,
  type HostFrame,
  PROTOCOL_REVISION,
  PROTOCOL_VERSION,
} from "../../protocol/mod.ts";
import { type LaunchSpec, TIMEOUT_CAPS_MS } from "../manifest/mod.ts";
import type { HostContext, HostOptions } from "./host_types.ts";

/** The hello_ack for a hello: a v1 hello gets the v1 frame, byte for byte (1.1 is negotiated). */
export function helloAck(
  hello: HelloFrame,
  ctx: HostContext,
  spec: LaunchSpec,
  dataDir: string,
): HostFrame {
  return {
    type: "hello_ack",
    protocol_version: PROTOCOL_VERSION,
    zot_version: ctx.zotVersion ?? "",
    provider: ctx.provider,
    model: ctx.model,
    cwd: ctx.cwd,
    extension_dir: resolve(spec.dir),
    data_dir: dataDir,
    ...(hello.protocol ? { protocol: PROTOCOL_REVISION, features: [...HOST_FEATURES] } : {}),
  };
}

/** A call's timeout (the manifest's for its kind, else the host's) and its progress cap. */
export function callLimits(
  kind: "command" | "tool" | "intercept",
  spec: LaunchSpec,
  host: HostOptions,
): { timeoutMs: number; hardCapMs: number } {
  const defaults = {
    command: host.commandTimeoutMs,
    tool: host.toolTimeoutMs,
    intercept: host.interceptTimeoutMs,
  };
  const timeoutMs = spec.timeouts?.[kind] ?? defaults[kind];
  return { timeoutMs, hardCapMs: Math.max(timeoutMs, TIMEOUT_CAPS_MS[kind]) };
}
