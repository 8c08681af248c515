/** The last start-up phase: the mode context and the selected mode, run until it ends. */

import type { Agent } from "../agent/mod.ts";
import { ZOT_VERSION, type ZotPaths } from "../config/mod.ts";
import { zeroUsage } from "../messages/mod.ts";
import {
  type InteractiveOptions,
  type ModeContext,
  NO_SLASH_HOST,
  runInteractive,
  runJson,
  runPrint,
  runRpc,
  slashHost,
} from "../modes/mod.ts";
import { type Session, SessionStore } from "../session/mod.ts";
import { colorAllowed, type Output } from "./output.ts";
import { writeModelSettings } from "./provider_choice.ts";
import type { RootFlags } from "./root_options.ts";
import type { ExtensionPhase, ProviderPhase } from "./root_start.ts";
import type { StdinLines } from "./stdin.ts";

/** The session in use; /sessions and /clear in the TUI swap it. */
export interface SessionSlot {
  current: Session | undefined;
}

/** Everything the mode phase needs from the earlier phases. */
export interface ModeParts {
  flags: RootFlags;
  prompt: string;
  cwd: string;
  paths: ZotPaths;
  output: Output;
  stdin: StdinLines;
  provider: ProviderPhase;
  extensions: ExtensionPhase;
  agent: Agent;
  session: SessionSlot;
  signal: AbortSignal;
}

/** Phase 6: runs the selected mode (interactive, rpc, json, print). */
export async function runMode(parts: ModeParts): Promise<void> {
  const { flags, prompt, signal, stdin } = parts;
  const ctx = modeContext(parts);
  if (flags.mode === "interactive") {
    await stdin.close();
    return await runInteractive(interactiveOptions(ctx, parts));
  }
  if (flags.mode === "rpc") {
    return await runRpc(ctx, {
      input: stdin.stream(),
      token: Deno.env.get("ZOTCORE_RPC_TOKEN"),
      signal,
      autoSubmit: flags.autoSubmit,
    });
  }
  if (flags.mode === "json") return await runJson(ctx, prompt, signal);
  return await runPrint(ctx, prompt, signal);
}

function modeContext(parts: ModeParts): ModeContext {
  const { catalog } = parts.provider;
  return {
    agent: parts.agent,
    slash: parts.extensions.host ? slashHost(parts.extensions.host) : NO_SLASH_HOST,
    bus: parts.extensions.bus,
    dialogs: parts.extensions.dialogs,
    output: parts.output,
    version: ZOT_VERSION,
    models: () =>
      catalog.models().map((m) => ({
        id: m.id,
        provider: m.provider,
        contextWindow: m.contextWindow,
        maxOutput: m.maxOutput,
        reasoning: m.reasoning,
      })),
  };
}

/** The TUI's closures for what only the CLI knows: sessions, settings, extension reloads. */
function interactiveOptions(ctx: ModeContext, parts: ModeParts): InteractiveOptions {
  const { agent, cwd, paths, session, extensions } = parts;
  const { host } = extensions;
  const store = () => new SessionStore({ paths });
  /** Makes `next` the session in use and closes the one before. */
  const swap = async (next: Session) => {
    const previous = session.current;
    session.current = next;
    await previous?.close();
  };
  return {
    ctx,
    panelBus: extensions.panelBus,
    panels: host,
    credentials: parts.provider.credentials,
    color: colorAllowed(true),
    initialText: parts.prompt || undefined,
    signal: parts.signal,
    listSessions: () => store().list(cwd),
    currentSession: () => session.current?.path,
    resumeSession: async (path) => {
      const next = await store().open(path);
      try {
        agent.resume(next, next.loaded, next.cumulative);
      } catch (err) {
        await next.close();
        throw err;
      }
      await swap(next);
    },
    modelChanged: async (id) => {
      host?.updateContext({ model: id });
      await session.current?.updateMeta({ model: id });
      await writeModelSettings(paths, { provider: agent.providerName, model: id });
    },
    freshSession: async () => {
      if (!session.current) return agent.clear();
      const next = await store().create({ cwd, provider: agent.providerName, model: agent.model });
      agent.resume(next, [], zeroUsage());
      await swap(next);
    },
    // The TUI always has a host (root_start.ts hostNeeded), so /reload-ext can start some.
    reloadExtensions: host &&
      (async () => {
        const { specs, errors, required } = await extensions.plan();
        const summary = await host.reload(specs);
        host.setRequired(required);
        agent.refreshTools();
        return { ...summary, errors };
      }),
  };
}
