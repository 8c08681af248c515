/**
 * Interactive mode: adapts the agent and the extension host to the chat TUI's
 * TuiController and runs it on the terminal.
 *
 * What run_root passes (see InteractiveOptions): the same ModeContext the other modes get;
 * a PanelBus whose `render`/`close` it wires as the host's `onPanelRender`/`onPanelClose`
 * callbacks (notify and submit already arrive through `ctx.bus`); the host itself (for
 * panel keys); closures for what only the CLI knows how to do (reload extensions with
 * fresh discovery, list sessions, the credential check); colour; the positional prompt.
 */

import type { BoundProvider, ModelRequest, StreamEvent } from "../providers/mod.ts";
import type { SessionInfo } from "../session/mod.ts";
import type { Message } from "../messages/mod.ts";
import type { StatusInfo, TuiController, UiEvent } from "../tui/mod.ts";
import type { ModeContext } from "./context.ts";
import { askThroughTui, tuiSafety } from "./tui_asks.ts";
import {
  conversationCommands,
  extensionCommands,
  sessionCommands,
} from "./interactive_commands.ts";

export { reloadText, toOutcome } from "./interactive_commands.ts";

/** Whether stdin and stdout are both terminals (the TUI needs both). */
export function hasTty(): boolean {
  // Not tui/mod.ts's hasTty: importing it would load the TUI for every mode.
  return Deno.stdin.isTerminal() && Deno.stdout.isTerminal();
}

/** A panel frame from an extension, as the host's callbacks report it. */
export interface PanelRenderNotice {
  extension: string;
  panelId: string;
  title?: string;
  lines?: string[];
  footer?: string;
}

/** Fans the host's panel callbacks out to the TUI (wire `render`/`close` into HostCallbacks). */
export class PanelBus {
  #listeners = new Set<(e: UiEvent) => void>();

  /** Listens; returns the unsubscribe function. */
  on(listener: (e: UiEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The host's onPanelRender. */
  render = (r: PanelRenderNotice): void => {
    for (const l of this.#listeners) l({ type: "panel_render", ...r });
  };

  /** The host's onPanelClose. */
  close = (c: { extension: string; panelId: string }): void => {
    for (const l of this.#listeners) l({ type: "panel_close", ...c });
  };
}

/** The part of ExtensionHost panels need (ExtensionHost satisfies it). */
export interface PanelPort {
  sendPanelKey(extension: string, panelId: string, key: string, text?: string): boolean;
  sendPanelClose(extension: string, panelId: string): boolean;
  sendPanelResize(extension: string, panelId: string, width: number, height: number): boolean;
}

/** What reload produced (ExtensionHost's ReloadSummary plus discovery problems). */
export interface ReloadReport {
  stopped: number;
  loaded: number;
  ready: number;
  refused: number;
  /** Manifests that could not be used, as messages. */
  errors?: string[];
}

/** Everything interactive mode needs from the CLI. */
export interface InteractiveOptions {
  ctx: ModeContext;
  /** Panel frames from extensions; absent means no panels. */
  panelBus?: PanelBus;
  /** Where panel keys, closes and resizes go; usually the ExtensionHost. */
  panels?: PanelPort;
  /** Re-discovers manifests, restarts extensions, rebuilds tools (agent.refreshTools()). */
  reloadExtensions?: () => Promise<ReloadReport>;
  /** This directory's sessions, newest first. */
  listSessions?: () => Promise<SessionInfo[]>;
  /**
   * Switches the run to a saved session: open it for appending, close the old one, and
   * `agent.resume(…)` with its messages and usage. Absent means /sessions only lists.
   */
  resumeSession?: (path: string) => Promise<void>;
  /** The path of the session this run writes to, if any. */
  currentSession?: () => string | undefined;
  /** Remembers a `/model` choice (config.json, the session, the extensions' context). */
  modelChanged?: (id: string) => Promise<void>;
  /** Starts a new, empty session file for later turns (`/clear`); the old file is kept. */
  freshSession?: () => Promise<void>;
  /** Whether the provider has a key, and if not how to set one. */
  credentials: { ok: boolean; hint?: string };
  /** Colour on (false under NO_COLOR). */
  color: boolean;
  /** The positional prompt, pre-filled in the editor. */
  initialText?: string;
  /** Run when the TUI exits, after the terminal is restored (flush session, stop the host). */
  onExit?: () => Promise<void>;
  /** Aborted on SIGTERM/SIGHUP (run_root's Interrupts.signal): restores the terminal and exits. */
  signal?: AbortSignal;
}

/**
 * A provider for when no key is set: interactive mode still opens (and says how to set
 * one); each prompt then fails with the missing-key error instead of a network call.
 * run_root: on createProvider's `missing_api_key`, build the agent with
 * `keylessProvider(providerName, catalog.resolve(providerName, model), err)` and pass
 * `credentials: { ok: false, hint: err.message }`.
 */
export function keylessProvider(
  name: string,
  model: BoundProvider["model"],
  error: Error,
): BoundProvider {
  return {
    name,
    model,
    baseUrl: model.baseUrl ?? "",
    // deno-lint-ignore require-yield -- it only ever fails
    async *stream(_request: ModelRequest): AsyncIterable<StreamEvent> {
      throw error;
    },
  };
}

/** Tokens in context after the last model call of a transcript (0 when none is recorded). */
export function contextTokens(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.role === "assistant" && m.usage) {
      return m.usage.input + m.usage.cacheRead + m.usage.cacheWrite + m.usage.output;
    }
  }
  return 0;
}

/** Builds the TuiController over the agent and the host. */
export function interactiveController(opts: InteractiveOptions): TuiController {
  const { ctx } = opts;
  const agent = ctx.agent;
  let abort: AbortController | undefined;
  return {
    status: () => statusOf(opts),
    history: (): Message[] => [...agent.messages],
    safety: tuiSafety(ctx),
    subscribe: (listener) => subscribeAll(opts, listener),
    async submit(text) {
      abort = new AbortController();
      try {
        await agent.prompt(text, { signal: abort.signal });
      } finally {
        abort = undefined;
      }
    },
    cancel: () => abort?.abort(),
    ...extensionCommands(opts),
    ...conversationCommands(opts),
    ...sessionCommands(opts),
    async close() {
      abort?.abort();
      await opts.onExit?.();
    },
  };
}

function statusOf(opts: InteractiveOptions): StatusInfo {
  const { ctx } = opts;
  const agent = ctx.agent;
  const contextWindow =
    ctx.models().find((m) => m.id === agent.model && m.provider === agent.providerName)
      ?.contextWindow ?? ctx.models().find((m) => m.id === agent.model)?.contextWindow;
  return {
    cwd: agent.cwd,
    provider: agent.providerName,
    model: agent.model,
    contextWindow,
    contextTokens: contextTokens(agent.messages),
    // The agent's total includes a resumed session's earlier cost.
    costUsd: agent.usage.costUsd,
    hasCredentials: opts.credentials.ok,
    credentialHint: opts.credentials.hint,
  };
}

/** Agent events, extension notices, panels and asks, all to one TUI listener. */
function subscribeAll(opts: InteractiveOptions, listener: (e: UiEvent) => void): () => void {
  const { ctx } = opts;
  const offs = [
    ctx.agent.subscribe(listener),
    ctx.bus.onNotify((n) =>
      listener({
        type: "ext_notify",
        extension: n.extension,
        level: n.level,
        message: n.message,
      })
    ),
    ctx.bus.onSubmit((s) => listener({ type: "ext_submit", extension: s.extension, text: s.text })),
    ctx.bus.onStatus((s) => listener({ type: "ext_status", extension: s.name, state: s.state })),
    opts.panelBus?.on(listener) ?? (() => {}),
    askThroughTui(ctx, listener),
  ];
  return () => offs.forEach((off) => off());
}

/**
 * Runs interactive mode until the user exits. Throws UsageError without a terminal
 * (run_root should only call it when stdin and stdout are TTYs and neither -p nor
 * --json was given).
 */
export async function runInteractive(opts: InteractiveOptions): Promise<void> {
  // The TUI and its renderer (pi-tui) load only here, so print, json and rpc never pay for them.
  const { runTui } = await import("../tui/mod.ts");
  await runTui(interactiveController(opts), {
    color: opts.color,
    initialText: opts.initialText,
    signal: opts.signal,
  });
}
