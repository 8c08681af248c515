/**
 * `$ZOT_HOME/models.json`: user model entries, merged over the built-in catalog.
 * Shape: `{"providers":{"<name>":{"models":[{"id","name","reasoning","contextWindow",
 * "maxTokens","priceInput","priceOutput","priceCacheRead","priceCacheWrite","baseUrl"}]}}}`.
 */

import { ConfigError } from "../errors/mod.ts";
import { isRecord } from "./json.ts";

/** One user entry as written in models.json; only `id` is required. */
export interface UserModelEntry {
  provider: string;
  id: string;
  name?: string;
  reasoning?: boolean;
  contextWindow?: number;
  maxTokens?: number;
  priceInput?: number;
  priceOutput?: number;
  priceCacheRead?: number;
  priceCacheWrite?: number;
  baseUrl?: string;
}

const NUMBER_FIELDS = [
  "contextWindow",
  "maxTokens",
  "priceInput",
  "priceOutput",
  "priceCacheRead",
  "priceCacheWrite",
] as const;

/** Reads models.json; a missing file means no user entries, a broken one is a ConfigError. */
export function readModelsFile(path: string): UserModelEntry[] {
  let text: string;
  try {
    text = Deno.readTextFileSync(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return [];
    throw new ConfigError("bad_models_file", `cannot read ${path}: ${String(err)}`, {
      cause: err,
      hint: "check the file's permissions",
    });
  }
  return parseModelsFile(text, path);
}

/** Parses and validates the text of a models.json file. */
export function parseModelsFile(text: string, path: string): UserModelEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw invalid(path, `is not valid JSON (${(err as Error).message})`);
  }
  if (!isRecord(data)) throw invalid(path, 'must be a JSON object with a "providers" field');
  if (data.providers === undefined) return [];
  if (!isRecord(data.providers)) throw invalid(path, '"providers" must be an object');
  const entries: UserModelEntry[] = [];
  for (const [provider, block] of Object.entries(data.providers)) {
    const where = `providers.${provider}`;
    if (!/^[a-z0-9][a-z0-9._-]*$/.test(provider)) {
      throw invalid(path, `${where}: provider names use lower-case letters, digits, . _ -`);
    }
    if (!isRecord(block)) throw invalid(path, `${where} must be an object with "models"`);
    if (block.models === undefined) continue;
    if (!Array.isArray(block.models)) throw invalid(path, `${where}.models must be an array`);
    block.models.forEach((raw, i) => entries.push(parseEntry(path, provider, raw, i)));
  }
  return entries;
}

function parseEntry(path: string, provider: string, raw: unknown, i: number): UserModelEntry {
  const where = `providers.${provider}.models[${i}]`;
  if (!isRecord(raw)) throw invalid(path, `${where} must be an object`);
  if (typeof raw.id !== "string" || raw.id.trim() === "") {
    throw invalid(path, `${where}.id must be a non-empty string`);
  }
  const entry: UserModelEntry = { provider, id: raw.id.trim() };
  if (raw.name !== undefined) {
    if (typeof raw.name !== "string") throw invalid(path, `${where}.name must be a string`);
    entry.name = raw.name;
  }
  if (raw.reasoning !== undefined) {
    if (typeof raw.reasoning !== "boolean") {
      throw invalid(path, `${where}.reasoning must be true or false`);
    }
    entry.reasoning = raw.reasoning;
  }
  for (const field of NUMBER_FIELDS) {
    const value = raw[field];
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
      throw invalid(path, `${where}.${field} must be a number >= 0`);
    }
    entry[field] = value;
  }
  if (raw.baseUrl !== undefined) {
    if (typeof raw.baseUrl !== "string" || !URL.canParse(raw.baseUrl)) {
      throw invalid(path, `${where}.baseUrl must be a URL`);
    }
    entry.baseUrl = raw.baseUrl;
  }
  return entry;
}

function invalid(path: string, what: string): ConfigError {
  return new ConfigError("bad_models_file", `${path}: ${what}`, {
    hint: "fix or remove the entry (see zot --list-models)",
  });
}
