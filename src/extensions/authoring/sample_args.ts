/** Sample arguments for probing a tool: the smallest value each required property accepts. */

import type { JsonSchema } from "../../schema/mod.ts";

function sampleFor(schema: unknown): unknown {
  if (typeof schema !== "object" || schema === null) return "sample";
  const s = schema as JsonSchema;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  if ("const" in s) return s.const;
  if ("default" in s) return s.default;
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case "string":
      return "sample";
    case "integer":
    case "number":
      return typeof s.minimum === "number" ? s.minimum : 1;
    case "boolean":
      return true;
    case "array":
      return [];
    case "null":
      return null;
    case "object":
      return sampleArgs(s);
    default:
      return "sample";
  }
}

/** Builds an args object with every required property of an object schema filled in. */
export function sampleArgs(schema: JsonSchema | undefined): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  if (!schema) return args;
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const required = Array.isArray(schema.required) ? schema.required as string[] : [];
  for (const name of required) args[name] = sampleFor(properties[name]);
  return args;
}
