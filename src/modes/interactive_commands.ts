/**
 * The TUI's commands in interactive mode: extension commands and panels, the conversation
 * (/clear, /compact, /model) and saved sessions (/sessions), each answered as a report.
 */

import type { SessionInfo } from "../session/mod.ts";
import type { CommandOutcome, CommandReport, SessionChoice, TuiController } from "../tui/mod.ts";
import type { InteractiveOptions, ReloadReport } from "./interactive_ports.ts";
import type { SlashOutcome } from "./context.ts";

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Maps the host's command outcome to the TUI's. */
export function toOutcome(o: Omit<SlashOutcome, "command">): CommandOutcome {
  if (o.error) return { action: "error", message: o.error };
  if (o.openPanel) {
    const p = o.openPanel;
    return {
      action: "open_panel",
      extension: o.extension,
      panel: { id: p.id, title: p.title, lines: p.lines ?? [], footer: p.footer },
    };
  }
  switch (o.action) {
    case "prompt":
      return { action: "prompt", text: o.prompt ?? "" };
    case "insert":
      return { action: "insert", text: o.insert ?? "" };
    case "display":
      return { action: "display", text: o.display ?? "" };
    case "noop":
      return { action: "noop" };
    default:
      return { action: "error", message: `unknown action ${JSON.stringify(o.action)}` };
  }
}

/** Formats the /reload-ext summary as the original does. */
export function reloadText(r: ReloadReport): string {
  const errors = (r.errors?.length ?? 0) + r.refused;
  return `reloaded: ${r.stopped} stopped, ${r.loaded} loaded (${r.ready} ready)` +
    (errors > 0 ? `, ${errors} error${errors > 1 ? "s" : ""}` : "");
}

/** Extension slash commands, panels and /reload-ext. */
export function extensionCommands(
  opts: InteractiveOptions,
): Pick<
  TuiController,
  "commands" | "runCommand" | "panelKey" | "panelClose" | "panelResize" | "reloadExtensions"
> {
  const { ctx } = opts;
  return {
    commands: () =>
      ctx.slash.commands().filter((c) => c.running !== false).map((c) => ({
        name: c.name,
        description: c.description,
        extension: c.extension,
      })),
    async runCommand(name, args) {
      try {
        return toOutcome(await ctx.slash.invoke(name, args));
      } catch (err) {
        return { action: "error", message: errorText(err) };
      }
    },
    panelKey: (e, id, key, text) => void opts.panels?.sendPanelKey(e, id, key, text),
    panelClose: (e, id) => void opts.panels?.sendPanelClose(e, id),
    panelResize: (e, id, w, h) => void opts.panels?.sendPanelResize(e, id, w, h),
    async reloadExtensions(): Promise<CommandReport> {
      if (!opts.reloadExtensions) {
        return { text: "extensions cannot be reloaded here", isError: true };
      }
      try {
        return { text: reloadText(await opts.reloadExtensions()) };
      } catch (err) {
        return { text: `reload failed: ${errorText(err)}`, isError: true };
      }
    },
  };
}

/** /clear, /compact and /model. */
export function conversationCommands(
  opts: InteractiveOptions,
): Pick<TuiController, "clear" | "compact" | "models" | "model"> {
  const agent = opts.ctx.agent;
  return {
    async clear() {
      // A cleared conversation must not come back on resume, so later turns go to a new file.
      if (opts.freshSession) await opts.freshSession();
      else agent.clear();
    },
    async compact(): Promise<CommandReport> {
      const r = await agent.compact();
      if (r.error) return { text: `compaction failed: ${r.error}`, isError: true };
      return { text: r.summary ? "conversation compacted" : "nothing to compact" };
    },
    models: () =>
      opts.ctx.models().filter((m) => m.provider === agent.providerName).map((m) => ({
        id: m.id,
        contextWindow: m.contextWindow,
      })),
    async model(id: string): Promise<CommandReport> {
      try {
        agent.setModel(id);
      } catch (err) {
        return { text: errorText(err), isError: true };
      }
      const text = `model: ${agent.providerName}/${id}`;
      try {
        await opts.modelChanged?.(id);
      } catch (err) {
        return { text: `${text} (for this run only: ${errorText(err)})`, isError: true };
      }
      return { text };
    },
  };
}

/** /sessions: listing this directory's sessions and switching to one. */
export function sessionCommands(
  opts: InteractiveOptions,
): Pick<TuiController, "sessions" | "resumeSession"> {
  return {
    async sessions(): Promise<SessionChoice[] | CommandReport> {
      if (!opts.listSessions) return { text: "sessions are not saved in this run" };
      let list: SessionInfo[];
      try {
        list = await opts.listSessions();
      } catch (err) {
        return { text: `cannot list sessions: ${errorText(err)}`, isError: true };
      }
      const current = opts.currentSession?.();
      return list.map((s) => ({
        path: s.path,
        updated: s.updated,
        model: s.model,
        messageCount: s.messageCount,
        firstPrompt: s.title ?? s.firstPrompt,
        costUsd: s.costUsd,
        current: s.path === current,
      }));
    },
    async resumeSession(path: string): Promise<CommandReport> {
      if (!opts.resumeSession) {
        return {
          text: `sessions cannot be resumed here; run zot --session ${path}`,
          isError: true,
        };
      }
      if (path === opts.currentSession?.()) return { text: "already in this session" };
      try {
        await opts.resumeSession(path);
      } catch (err) {
        return { text: `cannot resume ${path}: ${errorText(err)}`, isError: true };
      }
      return { text: `resumed ${path} (${opts.ctx.agent.messages.length} messages)` };
    },
  };
}
