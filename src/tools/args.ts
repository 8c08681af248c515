/**
 * Shared plumbing for built-in tools: argument validation against the tool's JSON schema,
 * the error/ok output shapes, and the wrapper that turns any failure into an `isError`
 * result the model can act on (tools never throw at the agent loop).
 */

import { errorMessage, ToolError } from "../errors/mod.ts";
import type { TextBlock, ToolSpec } from "../messages/mod.ts";
import type { ArgsValidator } from "../schema/mod.ts";
import type { Tool, ToolContext, ToolOutput } from "./types.ts";

/** A successful text result. */
export function textOutput(text: string, details?: Record<string, unknown>): ToolOutput {
  const block: TextBlock = { type: "text", text };
  return details
    ? { content: [block], isError: false, details }
    : { content: [block], isError: false };
}

/** An error result; the text is what the model reads, so it should say what to do next. */
export function errorOutput(text: string, details?: Record<string, unknown>): ToolOutput {
  const block: TextBlock = { type: "text", text };
  return details
    ? { content: [block], isError: true, details }
    : { content: [block], isError: true };
}

/** Rejects a tool call with a message addressed to the model; caught by defineTool. */
export function fail(tool: string, message: string): never {
  throw new ToolError(`tool_${tool}`, `${tool}: ${message}`);
}

/** How to build a built-in tool: its spec, an args decoder, and the body. */
export interface ToolDefinition<A> {
  spec: ToolSpec;
  /** Reshapes lenient inputs (e.g. a single edit object) before schema validation. */
  normalize?: (args: Record<string, unknown>) => Record<string, unknown>;
  /** Semantic checks and typing after the schema passed; throws via fail(). */
  decode: (args: Record<string, unknown>) => A;
  run: (args: A, context: ToolContext) => Promise<ToolOutput>;
}

/**
 * Builds a Tool that validates args with its schema, then decodes and runs them; every
 * thrown error (ToolError or not) becomes an `isError` output instead of escaping. The
 * validator (and the JSON Schema library) loads on the first call, so a run whose model
 * calls no tool never loads it.
 */
export function defineTool<A>(definition: ToolDefinition<A>): Tool {
  let validator: ArgsValidator | undefined;
  const name = definition.spec.name;
  return {
    spec: definition.spec,
    async execute(rawArgs: Record<string, unknown>, context: ToolContext): Promise<ToolOutput> {
      try {
        const raw = isPlainObject(rawArgs) ? rawArgs : {};
        const args = definition.normalize ? definition.normalize(raw) : raw;
        validator ??= new (await import("../schema/mod.ts")).ArgsValidator(definition.spec.schema);
        const problems = validator.validate(args);
        if (problems.length > 0) {
          return errorOutput(
            `${name}: invalid arguments: ${problems.map(tidy).join("; ")}; ` +
              `expected ${describeSchema(definition.spec)}`,
          );
        }
        return await definition.run(definition.decode(args), context);
      } catch (err) {
        if (err instanceof ToolError) return errorOutput(err.message);
        return errorOutput(`${name}: ${describeFsError(err)}`);
      }
    },
  };
}

/** True for `{...}` values (not arrays, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Turns common filesystem errors into one line the model can act on. */
export function describeFsError(err: unknown): string {
  if (err instanceof Deno.errors.PermissionDenied || err instanceof Deno.errors.NotCapable) {
    return `permission denied: ${errorMessage(err)}`;
  }
  return errorMessage(err);
}

function tidy(problem: string): string {
  return problem.replace(/Instance /g, "value ").replace(/\.$/, "");
}

function describeSchema(spec: ToolSpec): string {
  const properties = spec.schema.properties;
  const required = new Set(
    Array.isArray(spec.schema.required) ? (spec.schema.required as string[]) : [],
  );
  if (!isPlainObject(properties)) return "an object";
  const fields = Object.entries(properties).map(([key, value]) => {
    const type = isPlainObject(value) && typeof value.type === "string" ? value.type : "value";
    return `${key}${required.has(key) ? "" : "?"}: ${type}`;
  });
  return `{${fields.join(", ")}}`;
}
