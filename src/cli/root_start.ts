/**
 * The start-up phases of the root action, in order: the provider (missing keys fail here,
 * before anything starts), skills and built-in tools, extensions (discovery, launch plan,
 * the host), the session, and the agent. run_root.ts reads as the list of these calls.
 */

import { resolve } from "node:path";
import { Agent, Approvals, buildSystemPrompt } from "../agent/mod.ts";
import { BUILTIN_COMMAND_NAMES } from "../commands/mod.ts";
import { type ZotPaths } from "../config/mod.ts";
import { ConfigError, ProviderError } from "../errors/mod.ts";
import {
  discoverExtensions,
  ExtensionHost,
  type LaunchSpec,
  planLaunches,
} from "../extensions/mod.ts";
import {
  agentExtensions,
  DialogBus,
  ExtensionBus,
  keylessProvider,
  PanelBus,
} from "../modes/mod.ts";
import {
  type BoundProvider,
  type Catalog,
  createProvider,
  loadCatalog,
  processEnv,
} from "../providers/mod.ts";
import { type Session, SessionStore } from "../session/mod.ts";
import { discoverSkills, type SkillSet, systemPromptSection } from "../skills/mod.ts";
import { BUILTIN_TOOL_NAMES, builtinTools, type Tool } from "../tools/mod.ts";
import type { Output } from "./output.ts";
import { chooseProvider, readModelSettings } from "./provider_choice.ts";
import type { RootFlags } from "./root_options.ts";
import { openSession } from "./session_choice.ts";
import type { StdinLines } from "./stdin.ts";

/** The folder zot works in: --cwd or the shell's, which must be an existing folder. */
export async function resolveCwd(flag: string | undefined): Promise<string> {
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

/** The chosen provider and what the TUI says about its key. */
export interface ProviderPhase {
  providerName: string;
  provider: BoundProvider;
  catalog: Catalog;
  credentials: { ok: boolean; hint?: string };
  /** config.json's `yolo` (false turns the confirm gate on). */
  yolo?: boolean;
}

/** Phase 1: the provider; a missing key fails here except in the TUI, which says how to set one. */
export async function startProvider(flags: RootFlags, paths: ZotPaths): Promise<ProviderPhase> {
  const env = processEnv();
  const settings = await readModelSettings(paths);
  const providerName = chooseProvider(flags, settings, paths, env);
  const catalog = loadCatalog(paths);
  const modelId = flags.model ?? (providerName === settings.provider ? settings.model : undefined);
  try {
    const provider = createProvider({
      provider: providerName,
      model: modelId,
      apiKey: flags.apiKey,
      baseUrl: flags.baseUrl,
      paths,
      env,
      catalog,
    });
    return { providerName, provider, catalog, credentials: { ok: true }, yolo: settings.yolo };
  } catch (err) {
    // The TUI opens without a key and says how to set one; the other modes need it now.
    if (
      !(flags.mode === "interactive" && err instanceof ProviderError &&
        err.code === "missing_api_key")
    ) {
      throw err;
    }
    const provider = keylessProvider(providerName, catalog.resolve(providerName, modelId), err);
    return {
      providerName,
      provider,
      catalog,
      credentials: { ok: false, hint: err.message },
      yolo: settings.yolo,
    };
  }
}

/** Phase 2: skills (warnings to stderr) and the built-in tools the flags allow. */
export async function startTools(
  flags: RootFlags,
  cwd: string,
  paths: ZotPaths,
  output: Output,
): Promise<{ skills: SkillSet; tools: Tool[] }> {
  const skills = await discoverSkills({ cwd, paths });
  for (const warning of skills.warnings ?? []) output.err(`zot: skills: ${warning}\n`);
  return { skills, tools: builtinTools({ skills, only: flags.onlyTools, none: flags.noTools }) };
}

/** The running extensions and the buses their signals arrive on. */
export interface ExtensionPhase {
  host: ExtensionHost;
  bus: ExtensionBus;
  panelBus: PanelBus;
  /** Extension dialogs (protocol 1.1), shown by whichever mode runs. */
  dialogs: DialogBus;
  /** Discovers and plans again (for /reload-ext), with the same flags. */
  plan(): Promise<{ specs: LaunchSpec[]; errors: string[] }>;
}

/** Phase 3: discovery, the launch plan and the host; problems go to stderr, never fail. */
export async function startExtensions(
  flags: RootFlags,
  cwd: string,
  paths: ZotPaths,
  model: { provider: string; model: string },
  output: Output,
): Promise<ExtensionPhase> {
  const bus = new ExtensionBus();
  const panelBus = new PanelBus();
  const dialogs = new DialogBus();
  // --ext paths are typed relative to the shell's folder, not to --cwd (also on /reload-ext).
  const explicit = flags.extPaths.map((p) => resolve(p));
  const plan = async () => {
    const found = await discoverExtensions({ cwd, paths, explicit, noDiscovery: flags.noExt });
    const planned = await planLaunches(found.extensions, {
      paths,
      cwd,
      env: Deno.env.toObject(),
      runGrant: flags.runGrant,
      audit: flags.extAudit,
    });
    return { found, planned };
  };
  const first = await plan();
  for (const bad of first.found.invalid) {
    output.err(`zot: extension load: ${bad.dir}: ${bad.reason}\n`);
  }
  for (const refused of first.planned.refused) {
    output.err(`zot: extension ${refused.name} not started: ${refused.reason}\n`);
  }
  const host = await ExtensionHost.start(
    first.planned.specs,
    { paths, cwd, provider: model.provider, model: model.model },
    // The registry's names, so an extension keeps every name no built-in implements.
    { builtinCommands: BUILTIN_COMMAND_NAMES, builtinTools: BUILTIN_TOOL_NAMES },
    {
      onNotify: (n) => bus.notify(n),
      onSubmit: (s) => bus.submit(s),
      onPanelRender: (r) => panelBus.render(r),
      onPanelClose: (c) => panelBus.close(c),
      onUiRequest: (r) => dialogs.ask(r),
    },
  );
  return {
    host,
    bus,
    panelBus,
    dialogs,
    plan: async () => {
      const again = await plan();
      return {
        specs: again.planned.specs,
        errors: [
          ...again.found.invalid.map((b) => b.reason),
          ...again.planned.refused.map((r) => r.reason),
        ],
      };
    },
  };
}

/** Reports extensions that did not start; they never stop zot. */
export function reportExtensionStatus(host: ExtensionHost, output: Output): void {
  for (const status of host.status()) {
    if (status.state === "refused" || status.state === "exited") {
      output.err(`zot: extension ${status.name} ${status.state}: ${status.reason ?? ""}\n`);
    }
  }
}

/** Phase 4: the session (none in rpc), opened, continued or resumed as the flags say. */
export async function startSession(
  flags: RootFlags,
  paths: ZotPaths,
  meta: { cwd: string; provider: string; model: string },
  output: Output,
  stdin: StdinLines,
): Promise<Session | undefined> {
  if (flags.mode === "rpc") return undefined;
  return await openSession(new SessionStore({ paths }), flags, meta, {
    err: (t) => output.err(t),
    readLine: () => stdin.readLine(),
  });
}

/** Phase 5: the system prompt and the agent over built-in and extension tools. */
export async function startAgent(
  flags: RootFlags,
  parts: {
    cwd: string;
    paths: ZotPaths;
    provider: ProviderPhase;
    skills: SkillSet;
    tools: Tool[];
    host: ExtensionHost;
    session: Session | undefined;
  },
  output: Output,
): Promise<Agent> {
  const { cwd, paths, tools, host, session } = parts;
  const { provider, providerName, catalog } = parts.provider;
  const toolNames = [
    ...new Set([...tools.map((t) => t.spec.name), ...host.tools().map((t) => t.name)]),
  ].sort();
  const system = await buildSystemPrompt({
    cwd,
    systemFile: paths.systemPromptFile,
    systemPrompt: flags.systemPrompt,
    append: flags.appendSystemPrompt,
    skills: systemPromptSection(parts.skills),
    toolNames,
  });
  const agent = new Agent({
    provider,
    model: provider.model.id,
    system,
    cwd,
    tools,
    extensions: agentExtensions(host),
    maxSteps: flags.maxSteps,
    reasoning: flags.reasoning,
    session,
    history: session?.loaded,
    usageSeed: session?.cumulative,
    price: (model) => catalog.find(providerName, model)?.price,
    approvals: new Approvals({
      gate: flags.yolo === undefined ? parts.provider.yolo === false : !flags.yolo,
      explicitYolo: flags.yolo === true,
    }),
  });
  for (const s of agent.toolset.shadowed) {
    output.err(
      `zot: tool "${s.name}" of extension ${s.extension} is shadowed by ${s.shadowedBy}\n`,
    );
  }
  return agent;
}
