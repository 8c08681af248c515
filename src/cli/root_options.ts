/** The root flags as run_root uses them, read once from commander's untyped record. */

import type { PermissionRequest } from "../extensions/mod.ts";
import type { ReasoningLevel } from "../providers/mod.ts";
import { runGrantFrom } from "./run_grant.ts";

/** Which mode a run uses. */
export type RunMode = "print" | "json" | "rpc" | "interactive";

/** Typed root flags. */
export interface RootFlags {
  mode: RunMode;
  /** `zot rpc --auto-submit`: run extensions' `submit` frames as prompts. */
  autoSubmit: boolean;
  provider?: string;
  model?: string;
  apiKey?: string;
  baseUrl?: string;
  listModels: boolean;
  reasoning?: ReasoningLevel;
  systemPrompt?: string;
  appendSystemPrompt: string[];
  maxSteps?: number;
  /** `--tools a,b`: only these built-ins. */
  onlyTools?: string[];
  /** `--no-tools`: no built-ins (extension tools stay unless `--no-ext` too). */
  noTools: boolean;
  cwd?: string;
  continue: boolean;
  resume: boolean;
  sessionPath?: string;
  noSession: boolean;
  extPaths: string[];
  noExt: boolean;
  extAudit: boolean;
  /** `--ext-trace FILE`: every extension frame in and out. */
  extTrace?: string;
  /** `--allow-*`/`--deny-*`: a one-run grant for `--ext` extensions. */
  runGrant?: PermissionRequest;
  /** `--yolo` (true), `--no-yolo` (false), or neither (config.json decides). */
  yolo?: boolean;
}

function str(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** Reads the root flags. */
export function rootFlags(options: Record<string, unknown>): RootFlags {
  const mode: RunMode = options.rpc
    ? "rpc"
    : options.json
    ? "json"
    : options.print
    ? "print"
    : "interactive";
  const tools = options.tools;
  const session = options.session;
  const extPaths = Array.isArray(options.extPaths)
    ? options.extPaths.filter((p): p is string => typeof p === "string")
    : Array.isArray(options.ext)
    ? options.ext.filter((p): p is string => typeof p === "string")
    : [];
  return {
    mode,
    autoSubmit: options.autoSubmit === true,
    provider: str(options.provider),
    model: str(options.model),
    apiKey: str(options.apiKey),
    baseUrl: str(options.baseUrl),
    listModels: options.listModels === true,
    reasoning: str(options.reasoning) as ReasoningLevel | undefined,
    systemPrompt: typeof options.systemPrompt === "string" ? options.systemPrompt : undefined,
    appendSystemPrompt: Array.isArray(options.appendSystemPrompt)
      ? options.appendSystemPrompt.filter((p): p is string => typeof p === "string")
      : [],
    maxSteps: typeof options.maxSteps === "number" ? options.maxSteps : undefined,
    onlyTools: typeof tools === "string"
      ? tools.split(",").map((t) => t.trim()).filter(Boolean)
      : undefined,
    noTools: tools === false,
    cwd: str(options.cwd),
    continue: options.continue === true,
    resume: options.resume === true,
    sessionPath: typeof session === "string" ? session : undefined,
    noSession: session === false,
    extPaths,
    noExt: options.noExt === true || options.ext === false,
    extAudit: options.extAudit === true,
    extTrace: str(options.extTrace),
    runGrant: runGrantFrom(options),
    yolo: typeof options.yolo === "boolean" ? options.yolo : undefined,
  };
}
