/** Model providers: Anthropic, OpenAI, Ollama/OpenAI-compatible; catalog, cost, credentials. */
export type {
  BoundProvider,
  ModelRequest,
  Provider,
  ReasoningLevel,
  StreamEvent,
} from "./types.ts";
export type { ModelInfo, ModelPrice, ThinkingStyle } from "./model_info.ts";
export { UNKNOWN_MODEL_DEFAULTS } from "./model_info.ts";
export { BUILTIN_PROVIDERS, Catalog, listModels, loadCatalog, resolveModel } from "./catalog.ts";
export type { BuiltinProvider } from "./catalog.ts";
export { DEFAULT_MODELS } from "./catalog_builtin.ts";
export { computeCost, priceUsage } from "./cost.ts";
export {
  apiKeyEnvVar,
  findApiKey,
  missingKeyError,
  processEnv,
  providersWithKeys,
  readAuthFile,
  saveApiKey,
  writeAuthFile,
} from "./credentials.ts";
export type { AuthEntry, AuthFile, CredentialEnv, KeySource, ResolvedKey } from "./credentials.ts";
export { createProvider, OLLAMA_BASE_URL } from "./factory.ts";
export type { CreateProviderOptions } from "./factory.ts";
export { DEFAULT_RETRY } from "./stream_loop.ts";
export type { RetryPolicy } from "./stream_loop.ts";
export { THINKING_BUDGETS } from "./anthropic_convert.ts";
