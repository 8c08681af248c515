/** Building a ModeContext around a fake provider for mode tests. */

import { Agent, type AgentOptions } from "../../src/agent/mod.ts";
import {
  ExtensionBus,
  type ModeContext,
  type SlashCommandInfo,
  type SlashHost,
  type SlashOutcome,
} from "../../src/modes/mod.ts";
import { FakeProvider, type ScriptStep } from "../support/fake_provider.ts";

/** Captured stdout and stderr. */
export class Captured {
  stdout = "";
  stderr = "";
  out = (text: string): void => void (this.stdout += text);
  err = (text: string): void => void (this.stderr += text);

  /** Stdout parsed as NDJSON. */
  lines(): Record<string, unknown>[] {
    return this.stdout.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
  }
}

/** A slash host with scripted commands. */
export class FakeSlashHost implements SlashHost {
  #commands = new Map<string, (args: string) => SlashOutcome | Promise<SlashOutcome>>();
  invoked: { name: string; args: string }[] = [];

  add(name: string, answer: (args: string) => Omit<SlashOutcome, "extension" | "command">): this {
    this.#commands.set(name, (args) => ({ extension: "fake-ext", command: name, ...answer(args) }));
    return this;
  }

  commands(): SlashCommandInfo[] {
    return [...this.#commands.keys()].map((name) => ({
      name,
      description: `${name} command`,
      extension: "fake-ext",
    }));
  }

  async invoke(name: string, args: string): Promise<SlashOutcome> {
    this.invoked.push({ name, args });
    const handler = this.#commands.get(name);
    if (!handler) throw new Error(`no such command ${name}`);
    return await handler(args);
  }
}

/** A context with a fake provider answering from the script. */
export function fakeContext(
  script: ScriptStep[],
  options: Partial<AgentOptions> & { slash?: SlashHost } = {},
): { ctx: ModeContext; provider: FakeProvider; captured: Captured; bus: ExtensionBus } {
  const provider = new FakeProvider(script);
  const agent = new Agent({
    provider,
    model: "fake-model",
    system: "sys",
    cwd: "/work",
    ...options,
  });
  const captured = new Captured();
  const bus = new ExtensionBus();
  const ctx: ModeContext = {
    agent,
    slash: options.slash ?? new FakeSlashHost(),
    bus,
    output: captured,
    version: "9.9.9",
    models: () => [
      { id: "fake-model", provider: "fake", contextWindow: 1000, maxOutput: 100, reasoning: false },
      { id: "fake-big", provider: "fake", contextWindow: 9000, maxOutput: 900, reasoning: true },
    ],
  };
  return { ctx, provider, captured, bus };
}
