/** The run modes (print, json, rpc, interactive), slash commands and the wire format. */
import type { ModeContext } from "./context.ts";
import type { RpcOptions } from "./rpc.ts";
import type { InteractiveOptions } from "./interactive_ports.ts";

export { ExtensionBus, NO_SLASH_HOST, noticeToStderr } from "./context.ts";
export type {
  ModeContext,
  ModelSummary,
  ModeOutput,
  Notice,
  SlashCommandInfo,
  SlashHost,
  SlashOutcome,
  Submission,
} from "./context.ts";
export { DialogBus } from "./dialogs.ts";
export type { Dialog, DialogAnswer, DialogHandler } from "./dialogs.ts";
export { runPrint } from "./print.ts";
export { safetyPort } from "./safety.ts";
export { runJson } from "./json.ts";
export { timingSafeEqual } from "./rpc_input.ts";
export type { RpcOptions } from "./rpc.ts";
export { resolveSlash } from "./slash.ts";
export type { SlashResult } from "./slash.ts";
export { blockToWire, contentToWire, eventToWire, messageToWire, usageToWire } from "./wire.ts";
export type { WireObject } from "./wire.ts";
export { agentExtensions, slashHost } from "./host_adapter.ts";
export type { HostPort } from "./host_adapter.ts";
export { extStatusToWire } from "./ext_status.ts";
export type { ExtStatusView } from "./ext_status.ts";
export { hasTty, keylessProvider, PanelBus } from "./interactive_ports.ts";
export type { InteractiveOptions } from "./interactive_ports.ts";

/** Runs rpc mode until its input ends; rpc's code (rpc*.ts) loads only when rpc runs. */
export async function runRpc(ctx: ModeContext, options: RpcOptions): Promise<void> {
  const rpc = await import("./rpc.ts");
  return await rpc.runRpc(ctx, options);
}

/** Runs the chat TUI until it exits; its adapter (interactive*.ts) loads only when it runs. */
export async function runInteractive(options: InteractiveOptions): Promise<void> {
  const interactive = await import("./interactive.ts");
  return await interactive.runInteractive(options);
}
