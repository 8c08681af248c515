/**
 * The thin adapter from the ExtensionHost to the agent's AgentExtensions and the modes'
 * SlashHost. It is written against the host's shape (HostPort), so the agent and modes
 * never import subprocess machinery and tests can drive them with fakes.
 */

import type {
  AgentExtensions,
  AssistantMessageDecision,
  ExtensionTool as AgentExtensionTool,
  InterceptPoint,
  LifecycleEvent as AgentLifecycleEvent,
  ToolCallDecision,
  ToolResultDecision,
  ToolRun,
  TurnStartDecision,
  UserPromptDecision,
} from "../agent/mod.ts";
import { errorMessage } from "../errors/mod.ts";
import type { ImageBlock, TextBlock } from "../messages/mod.ts";
import type { JsonSchema } from "../schema/mod.ts";
import type { LifecycleEvent as HostLifecycleEvent } from "../extensions/mod.ts";
import type { SlashCommandInfo, SlashHost, SlashOutcome } from "./context.ts";

type Block = { action: "block"; extension: string; reason: string };

/** A `progress` frame of a running extension tool, as the host reports it. */
export interface ToolProgress {
  message?: string;
  fraction?: number;
  partial?: { type: string; text?: string }[];
}

/** The part of ExtensionHost the adapter uses. */
export interface HostPort {
  tools(): { name: string; description: string; schema: JsonSchema; extension: string }[];
  commands(): { name: string; description: string; extension: string; running: boolean }[];
  invokeCommand(
    name: string,
    args: string,
    options?: { signal?: AbortSignal },
  ): Promise<SlashOutcome>;
  callTool(
    name: string,
    args: Record<string, unknown>,
    options?: { signal?: AbortSignal; onProgress?: (progress: ToolProgress) => void },
  ): Promise<{ content: (TextBlock | ImageBlock)[]; isError: boolean; extension: string }>;
  emit(event: HostLifecycleEvent): void;
  interceptToolCall(
    call: { id: string; name: string; args: Record<string, unknown> },
  ): Promise<
    {
      action: "allow";
      args: Record<string, unknown>;
      rewrittenBy: string[];
      ask?: { extension: string; reason?: string };
    } | Block
  >;
  interceptTurnStart(step: number): Promise<{ action: "allow" } | Block>;
  interceptAssistantMessage(
    text: string,
  ): Promise<{ action: "allow"; text: string; rewrittenBy: string[] } | Block>;
  /** Whether any running extension intercepts this point (optional in older hosts). */
  intercepts?(point: InterceptPoint): boolean;
  /** Protocol 1.1 chains (optional in older hosts). */
  interceptToolResult?(run: ToolRun): Promise<ToolResultDecision>;
  interceptUserPrompt?(text: string): Promise<
    | {
      action: "allow";
      text: string;
      context: { extension: string; text: string }[];
      rewrittenBy: string[];
    }
    | Block
  >;
}

/** The host as the agent's extensions. */
export function agentExtensions(host: HostPort): AgentExtensions {
  return {
    tools: () => host.tools().map((t) => extensionTool(host, t)),
    emit: (event: AgentLifecycleEvent) => forwardLifecycle(host, event),
    // Without the host's answer, hold text only when it is safe to assume no interceptor.
    intercepts: (point) => host.intercepts?.(point) ?? false,
    ...interceptors(host),
  };
}

/** One extension tool as the agent calls it; a failing call becomes an error result. */
function extensionTool(
  host: HostPort,
  t: ReturnType<HostPort["tools"]>[number],
): AgentExtensionTool {
  return {
    extension: t.extension,
    spec: { name: t.name, description: t.description, schema: t.schema },
    call: async (args, context) => {
      try {
        const onProgress = context.onProgress;
        const result = await host.callTool(t.name, args, {
          signal: context.signal,
          ...(onProgress ? { onProgress: (p) => onProgress(progressText(p)) } : {}),
        });
        return { content: result.content, isError: result.isError };
      } catch (err) {
        return {
          content: [{
            type: "text",
            text: `extension ${t.extension}/${t.name} failed: ${errorMessage(err)}`,
          }],
          isError: true,
        };
      }
    },
  };
}

function forwardLifecycle(host: HostPort, event: AgentLifecycleEvent): void {
  if (event.event === "turn_end") {
    host.emit(
      event.error === undefined
        ? { event: "turn_end", stop: event.stop }
        : { event: "turn_end", stop: event.stop, error: event.error },
    );
  } else {
    host.emit(event);
  }
}

type Interceptors = Pick<
  AgentExtensions,
  | "interceptTurnStart"
  | "interceptToolCall"
  | "interceptToolResult"
  | "interceptUserPrompt"
  | "interceptAssistantMessage"
>;

/** The host's interception chains in the agent's decision shapes. */
function interceptors(host: HostPort): Interceptors {
  return {
    interceptTurnStart: async (step): Promise<TurnStartDecision> => {
      const verdict = await host.interceptTurnStart(step);
      return verdict.action === "block"
        ? { block: true, reason: verdict.reason, extension: verdict.extension }
        : { block: false };
    },
    interceptToolCall: async (call): Promise<ToolCallDecision> => {
      const verdict = await host.interceptToolCall(call);
      if (verdict.action === "block") {
        return { block: true, reason: verdict.reason, extension: verdict.extension };
      }
      const ask = verdict.ask ? { ask: verdict.ask } : {};
      if (verdict.rewrittenBy.length === 0) return { block: false, ...ask };
      return {
        block: false,
        args: verdict.args,
        rewrittenBy: verdict.rewrittenBy.join(", "),
        ...ask,
      };
    },
    ...(host.interceptToolResult
      ? { interceptToolResult: (run) => host.interceptToolResult!(run) }
      : {}),
    ...(host.interceptUserPrompt
      ? {
        interceptUserPrompt: async (text): Promise<UserPromptDecision> => {
          const verdict = await host.interceptUserPrompt!(text);
          if (verdict.action === "block") {
            return { block: true, reason: verdict.reason, extension: verdict.extension };
          }
          return {
            block: false,
            ...(verdict.rewrittenBy.length ? { text: verdict.text } : {}),
            context: verdict.context,
          };
        },
      }
      : {}),
    interceptAssistantMessage: async (text): Promise<AssistantMessageDecision> => {
      const verdict = await host.interceptAssistantMessage(text);
      if (verdict.action === "block") {
        return { block: true, reason: verdict.reason, extension: verdict.extension };
      }
      return verdict.rewrittenBy.length === 0 ? { block: false } : {
        block: false,
        text: verdict.text,
        extension: verdict.rewrittenBy.join(", "),
      };
    },
  };
}

/**
 * One line for a progress report: the message and a percentage, then any partial output
 * (text blocks only; other blocks are named). Modes show it like bash's streamed output.
 */
export function progressText(progress: ToolProgress): string {
  const head = [
    progress.message ?? "",
    progress.fraction === undefined ? "" : `(${Math.round(progress.fraction * 100)}%)`,
  ].filter(Boolean).join(" ");
  const partial = (progress.partial ?? [])
    .map((b) => b.type === "text" ? b.text ?? "" : `[${b.type}]`)
    .join("");
  return [head, partial].filter(Boolean).join("\n");
}

/** The host as the modes' slash-command source. */
export function slashHost(host: HostPort): SlashHost {
  return {
    commands: (): SlashCommandInfo[] => host.commands(),
    invoke: (name, args, signal) => host.invokeCommand(name, args, { signal }),
  };
}
