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

import type { Message } from "../messages/mod.ts";
import type { StatusInfo, TuiController, UiEvent } from "../tui/mod.ts";
import type { InteractiveOptions } from "./interactive_ports.ts";
import { askThroughTui, tuiSafety } from "./tui_asks.ts";
import {
  conversationCommands,
  extensionCommands,
  sessionCommands,
} from "./interactive_commands.ts";

export { reloadText, toOutcome } from "./interactive_commands.ts";
export { hasTty, keylessProvider, PanelBus } from "./interactive_ports.ts";
export type {
  InteractiveOptions,
  PanelPort,
  PanelRenderNotice,
  ReloadReport,
} from "./interactive_ports.ts";

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
