/** The one wrapper around `@cfworker/json-schema`: checking tool schemas and validating args. */

import { type Schema, Validator } from "@cfworker/json-schema";
import { DRAFT07_META_SCHEMA } from "./draft07_meta_schema.ts";

/** A JSON Schema object as tools declare it. */
export type JsonSchema = Record<string, unknown>;

const metaValidator = new Validator(DRAFT07_META_SCHEMA as unknown as Schema, "7", false);

/**
 * Checks that a value can serve as a tool's input schema: a valid JSON Schema whose
 * top level describes an object (what the Anthropic and OpenAI tool APIs accept).
 * Returns the problems found; an empty list means usable.
 */
export function checkToolSchema(schema: unknown): string[] {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    return ["the schema must be a JSON object"];
  }
  const problems = describe(metaValidator.validate(schema));
  const type = (schema as JsonSchema).type;
  if (type !== undefined && type !== "object") {
    problems.push(`the top-level "type" must be "object", got ${JSON.stringify(type)}`);
  }
  return problems;
}

/** A compiled validator for one schema; compile once, validate many times. */
export class ArgsValidator {
  #validator: Validator;

  constructor(schema: JsonSchema) {
    this.#validator = new Validator(schema as Schema, "7", false);
  }

  /** Returns the problems with this value; an empty list means valid. */
  validate(value: unknown): string[] {
    return describe(this.#validator.validate(value));
  }
}

const WRAPPER_KEYWORDS = new Set(["properties", "additionalProperties", "$ref", "items", "anyOf"]);

function describe(result: ReturnType<Validator["validate"]>): string[] {
  if (result.valid) return [];
  // cfworker reports a chain of wrapper errors ("Property x does not match schema");
  // the innermost (last) ones name the concrete violation, so keep the leaves only.
  const seen = new Set<string>();
  const leaves: string[] = [];
  for (const unit of result.errors) {
    if (WRAPPER_KEYWORDS.has(unit.keyword)) {
      continue;
    }
    const where = unit.instanceLocation === "#" ? "" : unit.instanceLocation.replace(/^#\//, "");
    // cfworker ends some messages with a period; callers join problems into sentences.
    const error = unit.error.replace(/\.+$/, "");
    const line = where ? `${where}: ${error}` : error;
    if (!seen.has(line)) {
      seen.add(line);
      leaves.push(line);
    }
  }
  return leaves.length ? leaves : result.errors.map((e) => e.error.replace(/\.+$/, ""));
}
