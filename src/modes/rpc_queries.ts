/** The rpc commands that only read state: get_state, get_models, list_commands, list_tools. */

import type { Agent } from "../agent/mod.ts";
import { BUILTIN_COMMAND_NAMES, commandsFor } from "../commands/mod.ts";
import type { ModeContext } from "./context.ts";
import type { WorkQueue } from "./rpc_work.ts";
import { usageToWire, type WireObject } from "./wire.ts";
import { byCodeUnit } from "../text/mod.ts";

/** get_state: the agent and the work queue at a glance. */
export function stateData(agent: Agent, work: WorkQueue, autoSubmit: boolean): WireObject {
  return {
    provider: agent.providerName,
    model: agent.model,
    cwd: agent.cwd,
    message_count: agent.messages.length,
    busy: work.busy,
    queued: work.queued,
    auto_submit: autoSubmit,
    usage: usageToWire(agent.usage),
  };
}

/** get_models: the known models, in wire names. */
export function modelsData(ctx: ModeContext): WireObject[] {
  return ctx.models().map((m) => ({
    id: m.id,
    provider: m.provider,
    context_window: m.contextWindow,
    max_output: m.maxOutput,
    reasoning: m.reasoning,
  }));
}

/** list_tools: every tool the model is offered, built-in or from an extension. */
export function toolsData(agent: Agent): WireObject[] {
  return agent.toolset.entries().map((t) => ({
    name: t.spec.name,
    description: t.spec.description,
    schema: t.spec.schema,
    source: t.extension ? "extension" : "builtin",
    ...(t.extension ? { extension: t.extension } : {}),
  }));
}

/** list_commands: the built-in commands rpc serves, then the extensions' by name. */
export function commandsData(ctx: ModeContext): WireObject[] {
  const builtins = commandsFor("rpc").map((c) => ({
    name: c.name,
    description: c.description,
    source: "builtin",
  }));
  const extension = ctx.slash.commands()
    .filter((c) => !BUILTIN_COMMAND_NAMES.includes(c.name))
    .sort((a, b) => byCodeUnit(a.name, b.name))
    .map((c) => ({
      name: c.name,
      description: c.description,
      source: "extension",
      extension: c.extension,
      running: c.running ?? true,
    }));
  return [...builtins, ...extension];
}
