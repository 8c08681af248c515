/**
 * The start-up phases of the root action, in order: the provider (missing keys fail here,
 * before anything starts), skills and built-in tools, extensions (discovery, launch plan,
 * the host), the session, and the agent. run_root.ts reads as the list of these calls.
 */

import { basename, dirname, resolve } from "../paths/mod.ts";
import { Agent, Approvals, buildSystemPrompt, NO_EXTENSIONS } from "../agent/mod.ts";
import { BUILTIN_COMMAND_NAMES } from "../commands/mod.ts";
import { type ZotPaths } from "../config/mod.ts";
import { ConfigError, ProviderError, UsageError } from "../errors/mod.ts";
import {
  type DiscoveredExtension,
  discoverExtensions,
  type ExtensionHost,
  type LaunchContext,
  type LaunchPlan,
  type LaunchSpec,
  loadHost,
  projectExtensionsDir,
  sweepStaging,
} from "../extensions/run_mod.ts";
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
import { requiredMap, trustGate } from "./ext_gate.ts";
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

/**
 * `--ext` folders must exist before anything starts: a typo is a usage error (exit 2), said
 * once with the path as typed, not a warning followed by `unknown command /x`.
 */
export async function checkExtPaths(paths: string[]): Promise<void> {
  for (const path of paths) {
    let dir = resolve(path);
    if (basename(dir) === "extension.json") dir = dirname(dir);
    let info: Deno.FileInfo;
    try {
      info = await Deno.stat(dir);
    } catch (err) {
      if (!(err instanceof Deno.errors.NotFound)) throw err;
      throw new UsageError(`--ext ${path}: no such folder`, {
        hint: "give the folder that holds extension.json",
      });
    }
    if (!info.isDirectory) {
      throw new UsageError(`--ext ${path} is not a folder`, {
        hint: "give the folder that holds extension.json",
      });
    }
  }
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

/**
 * Phase 1: the provider. A missing key fails here when the run can only go to the model (a
 * plain `-p`/`--json` prompt); otherwise (`deferKey`: the TUI, rpc, a slash command) zot
 * starts without one and the key is asked for, with the same message, only when something
 * is sent to the model.
 */
export async function startProvider(
  flags: RootFlags,
  paths: ZotPaths,
  deferKey: boolean,
): Promise<ProviderPhase> {
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
    if (!(deferKey && err instanceof ProviderError && err.code === "missing_api_key")) throw err;
    const provider = keylessProvider(providerName, catalog.resolve(providerName, modelId), err);
    return {
      providerName,
      provider,
      catalog,
      credentials: { ok: false, hint: err.hint ?? err.message },
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

/** After this long, startup names the extensions it is still waiting for. */
const SLOW_START_NOTICE_MS = 3_000;

/** The running extensions and the buses their signals arrive on. */
export interface ExtensionPhase {
  /** The host, or undefined when no extension runs (see hostNeeded): none was loaded. */
  host: ExtensionHost | undefined;
  bus: ExtensionBus;
  panelBus: PanelBus;
  /** Required extensions, with why zot did not start those it did not (see ext_gate.ts). */
  required: Map<string, string>;
  /** Extension dialogs (protocol 1.1), shown by whichever mode runs. */
  dialogs: DialogBus;
  /** Discovers and plans again (for /reload-ext), with the same flags; never asks. */
  plan(): Promise<{ specs: LaunchSpec[]; errors: string[]; required: Map<string, string> }>;
}

/**
 * Phase 3: discovery, project trust (the TUI asks; other modes skip untrusted ones with a
 * line), the launch plan and the host; problems go to stderr, never fail. `exit` (SIGTERM,
 * a second Ctrl-C) ends the wait for the host, which is then shut down. The host (runtime,
 * sandbox, the zod codec) is loaded only when hostNeeded says so.
 */
export async function startExtensions(
  flags: RootFlags,
  cwd: string,
  paths: ZotPaths,
  model: { provider: string; model: string },
  output: Output,
  exit?: Promise<never>,
): Promise<ExtensionPhase> {
  const buses = { bus: new ExtensionBus(), panelBus: new PanelBus(), dialogs: new DialogBus() };
  // A zot killed mid-install left a hidden staging folder; this start removes it.
  await sweepStaging([paths.extensions, projectExtensionsDir(cwd)]);
  const plan = planner(flags, cwd, paths, output);
  const first = await plan(flags.mode === "interactive");
  for (const bad of first.found.invalid) {
    output.err(`zot: extension load: ${bad.dir}: ${bad.reason}\n`);
  }
  for (const refused of first.planned.refused) {
    output.err(`zot: extension ${refused.name} not started: ${refused.reason}\n`);
  }
  const host = hostNeeded(flags, first.planned.specs, first.required)
    ? await launchHost(first.planned.specs, { flags, cwd, paths, model, output }, buses, exit)
    : undefined;
  if (host) {
    host.setRequired(first.required);
    buses.bus.setStatusSource(() => host.status());
  }
  return {
    host,
    ...buses,
    required: first.required,
    plan: async () => {
      const held: string[] = [];
      const again = await plan(false, (line) => held.push(line));
      return {
        specs: again.planned.specs,
        errors: [
          ...again.found.invalid.map((b) => b.reason),
          ...held,
          ...again.planned.refused.map((r) => r.reason),
        ],
        required: again.required,
      };
    },
  };
}

/**
 * Whether the run needs the host: an extension starts, a required one must be guarded (the
 * host blocks tool calls), --ext-trace opens its file, or the TUI may /reload-ext later.
 */
function hostNeeded(flags: RootFlags, specs: LaunchSpec[], required: Map<string, string>): boolean {
  return specs.length > 0 || required.size > 0 || flags.extTrace !== undefined ||
    flags.mode === "interactive";
}

/** The launch plan; loads the sandbox only when some extension passed the trust gate. */
async function planLaunchesOf(
  start: DiscoveredExtension[],
  context: LaunchContext,
): Promise<LaunchPlan> {
  if (start.length === 0) return { specs: [], refused: [] };
  return await (await loadHost()).planLaunches(start, context);
}

/** Discovery, the trust gate, the launch plan and the required map, as one repeatable step. */
function planner(flags: RootFlags, cwd: string, paths: ZotPaths, output: Output) {
  // --ext paths are typed relative to the shell's folder, not to --cwd (also on /reload-ext).
  const explicit = flags.extPaths.map((p) => resolve(p));
  return async (ask: boolean, report?: (line: string) => void) => {
    const found = await discoverExtensions({ cwd, paths, explicit, noDiscovery: flags.noExt });
    const gate = await trustGate(found.extensions, { paths, cwd, output, ask, report });
    const planned = await planLaunchesOf(gate.start, {
      paths,
      cwd,
      env: Deno.env.toObject(),
      runGrant: flags.runGrant,
      audit: flags.extAudit,
    });
    const required = await requiredMap(found, gate, planned.refused, paths);
    return { found, planned, required };
  };
}

/** Starts the host with the buses as its callbacks; `exit` ends the wait and shuts it down. */
async function launchHost(
  specs: LaunchSpec[],
  run: {
    flags: RootFlags;
    cwd: string;
    paths: ZotPaths;
    model: { provider: string; model: string };
    output: Output;
  },
  buses: { bus: ExtensionBus; panelBus: PanelBus; dialogs: DialogBus },
  exit?: Promise<never>,
): Promise<ExtensionHost> {
  const { bus, panelBus, dialogs } = buses;
  const { DEFAULT_HOST_OPTIONS, ExtensionHost } = await loadHost();
  const settled = new Set<string>();
  const slow = slowStartNotice(specs, settled, run.output, DEFAULT_HOST_OPTIONS.helloTimeoutMs);
  const starting = ExtensionHost.start(
    specs,
    { paths: run.paths, cwd: run.cwd, provider: run.model.provider, model: run.model.model },
    // The registry's names, so an extension keeps every name no built-in implements.
    {
      builtinCommands: BUILTIN_COMMAND_NAMES,
      builtinTools: BUILTIN_TOOL_NAMES,
      ...(run.flags.extTrace ? { traceFile: resolve(run.flags.extTrace) } : {}),
    },
    {
      onNotify: (n) => bus.notify(n),
      onSubmit: (s) => bus.submit(s),
      onPanelRender: (r) => panelBus.render(r),
      onPanelClose: (c) => panelBus.close(c),
      onStatusChange: (s) => {
        if (s.state !== "starting") settled.add(s.name);
        bus.status(s);
      },
      onUiRequest: (r) => dialogs.ask(r),
    },
  ).finally(() => clearTimeout(slow));
  return await (exit ? Promise.race([starting, exit]) : starting).catch(async (err) => {
    await (await starting).shutdown();
    throw err;
  });
}

/** Reports extensions that did not start; they never stop zot. */
export function reportExtensionStatus(host: ExtensionHost | undefined, output: Output): void {
  for (const status of host?.status() ?? []) {
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
    host: ExtensionHost | undefined;
    session: Session | undefined;
  },
  output: Output,
): Promise<Agent> {
  const { cwd, paths, tools, host, session } = parts;
  const { provider, providerName, catalog } = parts.provider;
  const toolNames = [
    ...new Set([...tools.map((t) => t.spec.name), ...(host?.tools() ?? []).map((t) => t.name)]),
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
    extensions: host ? agentExtensions(host) : NO_EXTENSIONS,
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

/** Startup waits up to 30 s for a slow hello (a cold `go run`): say so instead of hanging. */
function slowStartNotice(
  specs: LaunchSpec[],
  settled: Set<string>,
  output: Output,
  helloTimeoutMs: number,
): ReturnType<typeof setTimeout> {
  return setTimeout(() => {
    const waiting = specs.map((s) => s.name).filter((n) => !settled.has(n));
    if (waiting.length === 0) return;
    output.err(
      `zot: waiting for extension${waiting.length > 1 ? "s" : ""} ${waiting.join(", ")} to ` +
        `start (up to ${helloTimeoutMs / 1000} s for hello; see: zot ext logs ${waiting[0]})\n`,
    );
  }, SLOW_START_NOTICE_MS);
}
