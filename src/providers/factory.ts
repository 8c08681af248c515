/** Builds the provider for a name, model, key and base URL. */

import type { ZotPaths } from "../config/mod.ts";
import { ProviderError } from "../errors/mod.ts";
import { type Catalog, loadCatalog } from "./catalog.ts";
import {
  type CredentialEnv,
  findApiKey,
  missingKeyError,
  processEnv,
  type ResolvedKey,
} from "./credentials.ts";
import {
  ANTHROPIC_BASE_URL,
  normalizeOpenAIBase,
  OLLAMA_BASE_URL,
  OPENAI_BASE_URL,
} from "./endpoints.ts";
import type { ModelInfo } from "./model_info.ts";
import { DEFAULT_RETRY, type RetryPolicy } from "./stream_loop.ts";
import type { BoundProvider, ModelRequest, StreamEvent } from "./types.ts";

export { OLLAMA_BASE_URL };

/** Inputs of createProvider; `env`, `fetch`, `retry` and `catalog` are injectable for tests. */
export interface CreateProviderOptions {
  provider: string;
  /** Model id; the provider's default when omitted (ollama has none). */
  model?: string;
  /** `--api-key`: beats the env var and auth.json. */
  apiKey?: string;
  /** `--base-url`: beats a models.json `baseUrl` and the provider default. */
  baseUrl?: string;
  paths: ZotPaths;
  env?: CredentialEnv;
  fetch?: typeof fetch;
  retry?: Partial<RetryPolicy>;
  catalog?: Catalog;
}

/**
 * Creates a provider. Throws ProviderError `unknown_provider`, `model_required`,
 * `missing_api_key` or `missing_base_url`, and ConfigError for broken models.json/auth.json.
 */
export function createProvider(options: CreateProviderOptions): BoundProvider {
  const { provider, paths } = options;
  const catalog = options.catalog ?? loadCatalog(paths);
  const model = catalog.resolve(provider, options.model);
  const baseUrl = options.baseUrl ?? model.baseUrl ?? defaultBaseUrl(provider);
  if (!URL.canParse(baseUrl)) {
    throw new ProviderError(
      "bad_base_url",
      `base URL "${baseUrl}" for ${provider} is not a URL; pass e.g. --base-url http://localhost:11434/v1`,
    );
  }
  // Local and self-hosted endpoints (ollama, models.json entries with a baseUrl) need no key,
  // so a broken auth.json must not stop them; for the others its error names the file.
  const keyRequired = (provider === "anthropic" || provider === "openai") && !model.baseUrl;
  let found: ResolvedKey | undefined;
  try {
    found = findApiKey({
      provider,
      apiKey: options.apiKey,
      env: options.env ?? processEnv(),
      paths,
    });
  } catch (err) {
    if (keyRequired) throw err;
  }
  if (!found && keyRequired) throw missingKeyError(provider, paths);
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const common = { name: provider, model, catalog, baseUrl, fetch: options.fetch, retry };
  const apiKey = found?.key;
  // Only the chosen client is imported, when a run creates its provider (literal paths, so
  // `deno compile` and `deno bundle` include them); a run that never asks a model loads none.
  if (provider === "anthropic") {
    return new LazyProvider(provider, model, baseUrl, async () => {
      const { AnthropicProvider } = await import("./anthropic_provider.ts");
      return new AnthropicProvider({ ...common, apiKey: apiKey ?? "zot-no-key" });
    });
  }
  return new LazyProvider(provider, model, normalizeOpenAIBase(baseUrl), async () => {
    const { OpenAIProvider } = await import("./openai_provider.ts");
    return new OpenAIProvider({ ...common, apiKey });
  });
}

/** A provider whose implementation is imported when the provider is created. */
class LazyProvider implements BoundProvider {
  readonly name: string;
  readonly model: ModelInfo;
  readonly baseUrl: string;
  #loaded: Promise<BoundProvider>;

  constructor(name: string, model: ModelInfo, baseUrl: string, load: () => Promise<BoundProvider>) {
    this.name = name;
    this.model = model;
    this.baseUrl = baseUrl;
    // Start loading now: the client then loads while the run starts its extensions and
    // reads its session, instead of after. A failure is kept for the first stream to report.
    this.#loaded = load();
    this.#loaded.catch(() => {});
  }

  /** Streams one answer through the loaded provider; see Provider.stream. */
  async *stream(request: ModelRequest): AsyncIterable<StreamEvent> {
    yield* (await this.#loaded).stream(request);
  }
}

function defaultBaseUrl(provider: string): string {
  if (provider === "anthropic") return ANTHROPIC_BASE_URL;
  if (provider === "openai") return OPENAI_BASE_URL;
  if (provider === "ollama") return OLLAMA_BASE_URL;
  throw new ProviderError(
    "missing_base_url",
    `no base URL for provider "${provider}"; set "baseUrl" on its models in models.json ` +
      `or pass --base-url`,
  );
}
