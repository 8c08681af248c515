/**
 * Tool argument schemas: the JSON Schema subset the SDK understands, the TypeScript type a
 * const schema describes, and a small validator so a handler's typed `args` are true at
 * runtime. The Python SDK implements the same checks with the same messages.
 */

/** JSON Schema primitive type names. */
export type JsonType = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";

/** A JSON Schema object; keywords beyond the checked subset pass through to the host. */
export interface JsonSchema {
  type?: JsonType | readonly JsonType[];
  properties?: { readonly [key: string]: JsonSchema };
  required?: readonly string[];
  items?: JsonSchema;
  enum?: readonly unknown[];
  description?: string;
  [keyword: string]: unknown;
}

type Primitive<T> = T extends "string" ? string
  : T extends "number" | "integer" ? number
  : T extends "boolean" ? boolean
  : T extends "null" ? null
  : T extends "array" ? unknown[]
  : T extends "object" ? Record<string, unknown>
  : unknown;

type Simplify<T> = { [K in keyof T]: T[K] } & unknown;

type ObjectOf<P, R> = Simplify<
  & { -readonly [K in keyof P & R]: FromSchema<P[K]> }
  & { -readonly [K in Exclude<keyof P, R>]?: FromSchema<P[K]> }
>;

/** The TypeScript type of values a const JSON schema accepts (the checked subset). */
export type FromSchema<S> = S extends { enum: readonly (infer E)[] } ? E
  : S extends { type: "object"; properties: infer P }
    ? ObjectOf<P, S extends { required: readonly (infer R)[] } ? R : never>
  : S extends { type: "array"; items: infer I } ? FromSchema<I>[]
  : S extends { type: infer T } ? (T extends readonly (infer U)[] ? Primitive<U> : Primitive<T>)
  : unknown;

function typeOf(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value as JsonType;
}

function matchesType(value: unknown, type: JsonType): boolean {
  const actual = typeOf(value);
  return actual === type || (type === "number" && actual === "integer");
}

function where(path: string): string {
  return path === "" ? "arguments" : JSON.stringify(path);
}

function join(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

/** Checks a value against the schema subset; returns the first problem, or undefined. */
export function schemaProblem(
  value: unknown,
  schema: JsonSchema,
  path = "",
): string | undefined {
  if (schema.type !== undefined) {
    const types = typeof schema.type === "string" ? [schema.type] : schema.type;
    if (!types.some((t) => matchesType(value, t))) {
      return `${where(path)} must be ${types.join(" or ")}`;
    }
  }
  if (schema.enum !== undefined) {
    const wanted = JSON.stringify(value);
    if (!schema.enum.some((option) => JSON.stringify(option) === wanted)) {
      return `${where(path)} must be one of ${
        schema.enum.map((o) => JSON.stringify(o)).join(", ")
      }`;
    }
  }
  if (typeOf(value) === "object") {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) {
      if (!Object.hasOwn(record, key)) return `${JSON.stringify(join(path, key))} is required`;
    }
    for (const [key, sub] of Object.entries(schema.properties ?? {})) {
      if (!Object.hasOwn(record, key)) continue;
      const problem = schemaProblem(record[key], sub, join(path, key));
      if (problem) return problem;
    }
  }
  if (Array.isArray(value) && schema.items !== undefined) {
    for (let i = 0; i < value.length; i++) {
      const problem = schemaProblem(value[i], schema.items, `${path}[${i}]`);
      if (problem) return problem;
    }
  }
  return undefined;
}
