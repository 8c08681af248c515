/** What zot knows about a model: limits, prices, reasoning support. */

/** Prices in USD per million tokens. */
export interface ModelPrice {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/**
 * How an Anthropic model takes reasoning: a fixed `budget_tokens`, or `adaptive`
 * thinking steered by `output_config.effort` (newer models reject budgets).
 */
export type ThinkingStyle = "budget" | "adaptive";

/** One catalog entry. */
export interface ModelInfo {
  /** Provider name, e.g. `anthropic`, `openai`, `ollama`, or a user-defined one. */
  provider: string;
  /** Model id sent to the API. */
  id: string;
  /** Human-readable name. */
  name: string;
  /** Whether the model takes reasoning settings (thinking budget / reasoning_effort). */
  reasoning: boolean;
  contextWindow: number;
  maxOutput: number;
  price: ModelPrice;
  /** Endpoint for this model, overriding the provider default. */
  baseUrl?: string;
  /** Anthropic only: which thinking parameter the model accepts. */
  thinking?: ThinkingStyle;
  /** Where the entry came from: built in, `models.json`, or defaults for an unknown id. */
  source: "builtin" | "user" | "default";
}

/** Limits used for models zot knows nothing about. */
export const UNKNOWN_MODEL_DEFAULTS = { contextWindow: 32768, maxOutput: 8192 } as const;

/** A zero price (unknown and local models cost nothing). */
export function freePrice(): ModelPrice {
  return { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
}
