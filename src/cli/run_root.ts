/**
 * The root action: what `zot [flags] [prompt]` does once flags are parsed. Startup order:
 * ZOT_HOME and cwd → provider (missing keys fail here, before anything starts) →
 * extension discovery and the host (provider/model in hello_ack) → tools (built-ins, then
 * extension tools) → session → session_start → the mode. The host is shut down and the
 * session closed on every exit path, including Ctrl-C and SIGTERM.
 */

import { resolve } from "node:path";
import { BUILTIN_COMMAND_NAMES } from "../commands/mod.ts";
import { Agent, buildSystemPrompt } from "../agent/mod.ts";
import { resolveZotHome, ZOT_VERSION, ZotPaths } from "../config/mod.ts";
import { ConfigError, errorMessage, ProviderError, UsageError } from "../errors/mod.ts";
import { zeroUsage } from "../messages/mod.ts";
import { discoverExtensions, ExtensionHost, planLaunches } from "../extensions/mod.ts";
import {
  agentExtensions,
  ExtensionBus,
  hasTty,
  keylessProvider,
  type ModeContext,
  PanelBus,
  runInteractive,
  runJson,
  runPrint,
  runRpc,
  slashHost,
} from "../modes/mod.ts";
import { createProvider, loadCatalog, processEnv } from "../providers/mod.ts";
import { type Session, SessionStore } from "../session/mod.ts";
import { discoverSkills, systemPromptSection } from "../skills/mod.ts";
import { BUILTIN_TOOL_NAMES, builtinTools } from "../tools/mod.ts";
import { Interrupts } from "./interrupts.ts";
import { colorAllowed, type Output } from "./output.ts";
import {
  chooseProvider,
  modelsTable,
  readModelSettings,
  writeModelSettings,
} from "./provider_choice.ts";
import { type RootFlags, rootFlags } from "./root_options.ts";
import { openSession } from "./session_choice.ts";
import { StdinLines } from "./stdin.ts";

/** What the root action receives from commander. */
export interface RootInvocation {
  prompt: string;
  options: Record<string, unknown>;
  output: Output;
}

async function resolveCwd(flag: string | undefined): Promise<string> {
  const cwd = resolve(flag ?? Deno.cwd());
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(cwd);
  } catch (err) {
    throw new ConfigError("bad_cwd", `working directory ${cwd} does not exist`, {
      cause: err,
      hint: "pass an existing folder to --cwd",
    });
  }
  if (!info.isDirectory) {
    throw new ConfigError("bad_cwd", `working directory ${cwd} is not a folder`, {
      hint: "pass a folder to --cwd",
    });
  }
  return cwd;
}

/** How long an aborted turn may take to finish (the tool runner's grace is 2 s). */
const SETTLE_MS = 3000;

/** Waits for `work` or `ms`, whichever comes first; clears its timer. */
async function settle(work: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => timer = setTimeout(resolve, ms));
  try {
    await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs the selected mode (interactive, print, json, rpc). */
export async function runRoot(invocation: RootInvocation): Promise<void> {
  const { output } = invocation;
  const flags = rootFlags(invocation.options);
  const paths = new ZotPaths(resolve(resolveZotHome()));
  if (flags.listModels) {
    output.out(modelsTable(loadCatalog(paths)));
    return;
  }
  if (flags.mode === "interactive" && !hasTty()) {
    throw new UsageError("the interactive TUI needs a terminal on stdin and stdout", {
      hint: `use zot -p "your prompt" (print), zot --json "your prompt", or zot rpc`,
    });
  }
  if (flags.mode === "rpc" && (flags.continue || flags.resume || flags.sessionPath)) {
    throw new UsageError(
      "zot rpc keeps no session, so --continue, --resume and --session do not apply",
      {
        hint: "drop them, or use zot -p / zot --json to continue a session",
      },
    );
  }
  const stdin = new StdinLines();
  try {
    let prompt = invocation.prompt;
    if (flags.mode !== "rpc" && prompt.trim() === "" && !flags.resume && !Deno.stdin.isTerminal()) {
      prompt = (await stdin.readAll()).trim();
    }
    await startAndRun(flags, prompt, paths, output, stdin);
  } finally {
    if (flags.mode !== "rpc") await stdin.close();
  }
}

async function startAndRun(
  flags: RootFlags,
  prompt: string,
  paths: ZotPaths,
  output: Output,
  stdin: StdinLines,
): Promise<void> {
  const cwd = await resolveCwd(flags.cwd);
  const env = processEnv();
  const settings = await readModelSettings(paths);
  const providerName = chooseProvider(flags, settings, paths, env);
  const catalog = loadCatalog(paths);
  const modelId = flags.model ?? (providerName === settings.provider ? settings.model : undefined);
  let credentials: { ok: boolean; hint?: string } = { ok: true };
  let provider;
  try {
    provider = createProvider({
      provider: providerName,
      model: modelId,
      apiKey: flags.apiKey,
      baseUrl: flags.baseUrl,
      paths,
      env,
      catalog,
    });
  } catch (err) {
    // The TUI opens without a key and says how to set one; the other modes need it now.
    if (
      !(flags.mode === "interactive" && err instanceof ProviderError &&
        err.code === "missing_api_key")
    ) {
      throw err;
    }
    provider = keylessProvider(providerName, catalog.resolve(providerName, modelId), err);
    credentials = { ok: false, hint: err.message };
  }
  const skills = await discoverSkills({ cwd, paths });
  for (const warning of skills.warnings ?? []) output.err(`zot: skills: ${warning}\n`);
  const tools = builtinTools({ skills, only: flags.onlyTools, none: flags.noTools });

  const bus = new ExtensionBus();
  const panelBus = new PanelBus();
  // --ext paths are typed relative to the shell's folder, not to --cwd (also on /reload-ext).
  const extPaths = flags.extPaths.map((p) => resolve(p));
  const discovered = await discoverExtensions({
    cwd,
    paths,
    explicit: extPaths,
    noDiscovery: flags.noExt,
  });
  for (const bad of discovered.invalid) {
    output.err(`zot: extension load: ${bad.dir}: ${bad.reason}\n`);
  }
  const plan = await planLaunches(discovered.extensions, {
    paths,
    cwd,
    env: Deno.env.toObject(),
    runGrant: flags.runGrant,
    audit: flags.extAudit,
  });
  for (const refused of plan.refused) {
    output.err(`zot: extension ${refused.name} not started: ${refused.reason}\n`);
  }
  const host = await ExtensionHost.start(
    plan.specs,
    { paths, cwd, provider: providerName, model: provider.model.id },
    { builtinCommands: BUILTIN_COMMAND_NAMES, builtinTools: BUILTIN_TOOL_NAMES },
    {
      onNotify: (n) => bus.notify(n),
      onSubmit: (s) => bus.submit(s),
      onPanelRender: (r) => panelBus.render(r),
      onPanelClose: (c) => panelBus.close(c),
    },
  );
  const interrupts = new Interrupts();
  let session: Session | undefined;
  try {
    for (const status of host.status()) {
      if (status.state === "refused" || status.state === "exited") {
        output.err(`zot: extension ${status.name} ${status.state}: ${status.reason ?? ""}\n`);
      }
    }
    if (flags.mode !== "rpc") {
      const store = new SessionStore({ paths });
      session = await openSession(store, flags, {
        cwd,
        provider: providerName,
        model: provider.model.id,
      }, { err: (t) => output.err(t), readLine: () => stdin.readLine() });
    }
    const extensions = agentExtensions(host);
    const toolNames = [
      ...new Set([...tools.map((t) => t.spec.name), ...host.tools().map((t) => t.name)]),
    ]
      .sort();
    const system = await buildSystemPrompt({
      cwd,
      systemFile: paths.systemPromptFile,
      systemPrompt: flags.systemPrompt,
      append: flags.appendSystemPrompt,
      skills: systemPromptSection(skills),
      toolNames,
    });
    const agent = new Agent({
      provider,
      model: provider.model.id,
      system,
      cwd,
      tools,
      extensions,
      maxSteps: flags.maxSteps,
      reasoning: flags.reasoning,
      session,
      history: session?.loaded,
      usageSeed: session?.cumulative,
      price: (model) => catalog.find(providerName, model)?.price,
    });
    for (const s of agent.toolset.shadowed) {
      output.err(
        `zot: tool "${s.name}" of extension ${s.extension} is shadowed by ${s.shadowedBy}\n`,
      );
    }
    agent.emitSessionStart();
    const ctx: ModeContext = {
      agent,
      slash: slashHost(host),
      bus,
      output,
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
    if (flags.mode === "interactive") await stdin.close();
    const run = flags.mode === "interactive"
      ? runInteractive({
        ctx,
        panelBus,
        panels: host,
        credentials,
        color: colorAllowed(true),
        initialText: prompt || undefined,
        signal: interrupts.signal,
        listSessions: () => new SessionStore({ paths }).list(cwd),
        currentSession: () => session?.path,
        resumeSession: async (path) => {
          const next = await new SessionStore({ paths }).open(path);
          try {
            agent.resume(next, next.loaded, next.cumulative);
          } catch (err) {
            await next.close();
            throw err;
          }
          const previous = session;
          session = next;
          await previous?.close();
        },
        modelChanged: async (id) => {
          host.updateContext({ model: id });
          await session?.updateMeta({ model: id });
          await writeModelSettings(paths, { provider: agent.providerName, model: id });
        },
        freshSession: async () => {
          if (!session) return agent.clear();
          const next = await new SessionStore({ paths }).create({
            cwd,
            provider: agent.providerName,
            model: agent.model,
          });
          agent.resume(next, [], zeroUsage());
          const previous = session;
          session = next;
          await previous.close();
        },
        reloadExtensions: async () => {
          const again = await discoverExtensions({
            cwd,
            paths,
            explicit: extPaths,
            noDiscovery: flags.noExt,
          });
          const replan = await planLaunches(again.extensions, {
            paths,
            cwd,
            env: Deno.env.toObject(),
            runGrant: flags.runGrant,
            audit: flags.extAudit,
          });
          const summary = await host.reload(replan.specs);
          agent.refreshTools();
          return {
            ...summary,
            errors: [...again.invalid.map((b) => b.reason), ...replan.refused.map((r) => r.reason)],
          };
        },
      })
      : flags.mode === "rpc"
      ? runRpc(ctx, {
        input: stdin.stream(),
        token: Deno.env.get("ZOTCORE_RPC_TOKEN"),
        signal: interrupts.signal,
      })
      : flags.mode === "json"
      ? runJson(ctx, prompt, interrupts.signal)
      : runPrint(ctx, prompt, interrupts.signal);
    try {
      await Promise.race([run, interrupts.exit]);
    } catch (err) {
      // SIGTERM or a second Ctrl-C: the turn is already aborted; let it record how it ended
      // before the session closes, without waiting long on a tool that ignores its signal.
      await settle(agent.whenIdle(), SETTLE_MS);
      throw err;
    }
  } finally {
    interrupts.dispose();
    await session?.close().catch((err) =>
      output.err(`zot: closing the session: ${errorMessage(err)}\n`)
    );
    await host.shutdown();
  }
}
