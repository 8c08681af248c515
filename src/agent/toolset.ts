/** The tools one agent offers the model: built-ins first, then extension tools. */

import type { ToolSpec } from "../messages/mod.ts";
import type { Tool, ToolOutput } from "../tools/mod.ts";
import type { ExtensionTool, ToolCallContext } from "./extensions.ts";
import { byCodeUnit } from "../text/mod.ts";

/** One callable tool with its compiled argument validator. */
export interface ToolEntry {
  readonly spec: ToolSpec;
  /** Set for extension tools. */
  readonly extension?: string;
  /** Problems with these args; empty when valid. */
  validate(args: Record<string, unknown>): Promise<string[]>;
  /** Runs the tool. */
  run(args: Record<string, unknown>, context: ToolCallContext): Promise<ToolOutput>;
}

/** An extension tool that lost its name to a built-in or an earlier extension. */
export interface ShadowedTool {
  name: string;
  extension: string;
  shadowedBy: string;
}

type Check = (args: Record<string, unknown>) => string[];

/**
 * The tool's validator, compiled on its first call: the JSON Schema library loads only
 * when the model calls a tool, not with every run.
 */
function compile(spec: ToolSpec): (args: Record<string, unknown>) => Promise<string[]> {
  let check: Promise<Check> | undefined;
  return async (args) => {
    check ??= import("../schema/mod.ts").then(({ ArgsValidator }): Check => {
      try {
        const validator = new ArgsValidator(spec.schema);
        return (a) => validator.validate(a);
      } catch {
        // An uncompilable schema must not take the tool down; the tool checks its own args.
        return () => [];
      }
    });
    return (await check)(args);
  };
}

/** Built-in and extension tools merged by name; built-ins win, then the first extension. */
export class Toolset {
  #entries = new Map<string, ToolEntry>();
  /** Extension tools hidden by a name conflict, for diagnostics. */
  readonly shadowed: ShadowedTool[] = [];

  constructor(builtins: readonly Tool[], extensionTools: readonly ExtensionTool[] = []) {
    for (const tool of builtins) {
      if (this.#entries.has(tool.spec.name)) continue;
      const validate = compile(tool.spec);
      this.#entries.set(tool.spec.name, {
        spec: tool.spec,
        validate,
        run: (args, context) => tool.execute(args, context),
      });
    }
    for (const tool of extensionTools) {
      const owner = this.#entries.get(tool.spec.name);
      if (owner) {
        this.shadowed.push({
          name: tool.spec.name,
          extension: tool.extension,
          shadowedBy: owner.extension ?? "built-in",
        });
        continue;
      }
      const validate = compile(tool.spec);
      this.#entries.set(tool.spec.name, {
        spec: tool.spec,
        extension: tool.extension,
        validate,
        run: (args, context) => tool.call(args, context),
      });
    }
  }

  /** The tool with this name, if any. */
  get(name: string): ToolEntry | undefined {
    return this.#entries.get(name);
  }

  /** Every tool, sorted by name (the order the model sees). */
  entries(): ToolEntry[] {
    return [...this.#entries.values()].sort((a, b) => byCodeUnit(a.spec.name, b.spec.name));
  }

  /** Specs for the provider, sorted by name. */
  specs(): ToolSpec[] {
    return this.entries().map((e) => e.spec);
  }

  /** Tool names, sorted. */
  names(): string[] {
    return this.entries().map((e) => e.spec.name);
  }
}
