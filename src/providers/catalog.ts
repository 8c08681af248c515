/**
 * The model catalog: built-in entries with user `models.json` entries merged over them,
 * and defaults for models zot does not know.
 */

import type { ZotPaths } from "../config/mod.ts";
import { ProviderError } from "../errors/mod.ts";
import { builtinModels, DEFAULT_MODELS } from "./catalog_builtin.ts";
import { freePrice, type ModelInfo, UNKNOWN_MODEL_DEFAULTS } from "./model_info.ts";
import { readModelsFile, type UserModelEntry } from "./models_file.ts";
import { byCodeUnit } from "../text/mod.ts";

/** Providers zot implements itself; any other name must be defined in models.json. */
export const BUILTIN_PROVIDERS = ["anthropic", "openai", "ollama"] as const;

/** A built-in provider name. */
export type BuiltinProvider = typeof BUILTIN_PROVIDERS[number];

/** Built-in and user model entries, looked up by provider and id. */
export class Catalog {
  #models: ModelInfo[];

  constructor(models: ModelInfo[]) {
    this.#models = models;
  }

  /** Every entry, optionally of one provider, sorted by provider then id. */
  models(provider?: string): ModelInfo[] {
    return this.#models
      .filter((m) => provider === undefined || m.provider === provider)
      .sort((a, b) => byCodeUnit(a.provider, b.provider) || byCodeUnit(a.id, b.id))
      .map(copy);
  }

  /** Provider names with at least one entry, plus the built-in providers. */
  providers(): string[] {
    return [...new Set([...BUILTIN_PROVIDERS, ...this.#models.map((m) => m.provider)])];
  }

  /** The entry for an id, also matching dated ids (`claude-sonnet-4-5-20250929`). */
  find(provider: string, id: string): ModelInfo | undefined {
    const own = this.#models.filter((m) => m.provider === provider);
    const exact = own.find((m) => m.id === id);
    if (exact) return copy(exact);
    const undated = id.replace(/-(\d{8}|\d{4}-\d{2}-\d{2})$/, "");
    const dated = undated !== id ? own.find((m) => m.id === undated) : undefined;
    return dated ? { ...copy(dated), id } : undefined;
  }

  /**
   * The entry to use for `provider` and `id` (the provider's default model when no id):
   * a known entry, or defaults (context 32768, max output 8192, cost 0) for an unknown id.
   */
  resolve(provider: string, id?: string): ModelInfo {
    if (!this.providers().includes(provider)) {
      throw new ProviderError(
        "unknown_provider",
        `unknown provider "${provider}"; use ${BUILTIN_PROVIDERS.join(", ")}, ` +
          `or define it under "providers" in models.json`,
      );
    }
    const wanted = id ?? DEFAULT_MODELS[provider] ?? this.models(provider)[0]?.id;
    if (!wanted) {
      throw new ProviderError(
        "model_required",
        `no model given for ${provider}; pass --model (e.g. --model llama3.2) ` +
          `or add one under providers.${provider} in models.json`,
      );
    }
    return this.find(provider, wanted) ?? unknownModel(provider, wanted);
  }
}

/**
 * The model a request names: the bound one, else the catalog's entry for that id, else the
 * bound model's limits and prices under the requested id.
 */
export function requestedModel(bound: ModelInfo, requested: string, catalog?: Catalog): ModelInfo {
  if (requested === bound.id) return bound;
  return catalog?.resolve(bound.provider, requested) ?? { ...bound, id: requested };
}

/** Loads the catalog: built-ins, then `$ZOT_HOME/models.json` merged over them. */
export function loadCatalog(paths: ZotPaths): Catalog {
  return new Catalog(mergeUserModels(builtinModels(), readModelsFile(paths.modelsFile)));
}

/** Returns the catalog entry for a provider and model (the provider default when omitted). */
export function resolveModel(
  options: { provider: string; model?: string; paths: ZotPaths },
): ModelInfo {
  return loadCatalog(options.paths).resolve(options.provider, options.model);
}

/** The rows `zot --list-models` prints (the CLI formats them). */
export function listModels(options: { paths: ZotPaths; provider?: string }): ModelInfo[] {
  return loadCatalog(options.paths).models(options.provider);
}

/** Merges user entries field by field over built-ins with the same provider and id. */
export function mergeUserModels(builtins: ModelInfo[], user: UserModelEntry[]): ModelInfo[] {
  const out = builtins.map(copy);
  for (const entry of user) {
    const i = out.findIndex((m) => m.provider === entry.provider && m.id === entry.id);
    const base = i >= 0 ? out[i] : unknownModel(entry.provider, entry.id);
    const merged: ModelInfo = {
      ...base,
      name: entry.name ?? base.name,
      reasoning: entry.reasoning ?? base.reasoning,
      contextWindow: entry.contextWindow ?? base.contextWindow,
      maxOutput: entry.maxTokens ?? base.maxOutput,
      price: {
        input: entry.priceInput ?? base.price.input,
        output: entry.priceOutput ?? base.price.output,
        cacheRead: entry.priceCacheRead ?? base.price.cacheRead,
        cacheWrite: entry.priceCacheWrite ?? base.price.cacheWrite,
      },
      source: "user",
    };
    if (entry.baseUrl) merged.baseUrl = entry.baseUrl;
    if (i >= 0) out[i] = merged;
    else out.push(merged);
  }
  return out;
}

/** The entry for a model zot knows nothing about. */
export function unknownModel(provider: string, id: string): ModelInfo {
  const info: ModelInfo = {
    provider,
    id,
    name: id,
    reasoning: guessReasoning(provider, id),
    contextWindow: UNKNOWN_MODEL_DEFAULTS.contextWindow,
    maxOutput: UNKNOWN_MODEL_DEFAULTS.maxOutput,
    price: freePrice(),
    source: "default",
  };
  if (provider === "anthropic") {
    info.thinking = /^claude-(opus|sonnet|haiku|fable|mythos)-(4-[6-9]|[5-9])/.test(id)
      ? "adaptive"
      : "budget";
  }
  return info;
}

function guessReasoning(provider: string, id: string): boolean {
  if (provider === "anthropic") return /^claude-(opus|sonnet|haiku|fable|mythos)-[4-9]/.test(id);
  if (provider === "openai") return /^(o\d|gpt-[5-9])/.test(id) && !id.includes("-chat");
  return false;
}

function copy(m: ModelInfo): ModelInfo {
  return { ...m, price: { ...m.price } };
}
