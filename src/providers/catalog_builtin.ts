/** The models zot knows out of the box. Prices are USD per million tokens. */

import type { ModelInfo, ThinkingStyle } from "./model_info.ts";

type Row = [
  id: string,
  name: string,
  contextWindow: number,
  maxOutput: number,
  input: number,
  output: number,
  cacheRead: number,
  cacheWrite: number,
  reasoning: boolean,
  thinking?: ThinkingStyle,
];

const K = 1000;
const M = 1_000_000;

// Cache write is the 5-minute price (zot only sets ephemeral breakpoints).
const ANTHROPIC: Row[] = [
  ["claude-sonnet-4-5", "Claude Sonnet 4.5", 200 * K, 64 * K, 3, 15, 0.3, 3.75, true, "budget"],
  ["claude-opus-4-5", "Claude Opus 4.5", 200 * K, 64 * K, 5, 25, 0.5, 6.25, true, "budget"],
  ["claude-haiku-4-5", "Claude Haiku 4.5", 200 * K, 64 * K, 1, 5, 0.1, 1.25, true, "budget"],
  ["claude-opus-4-1", "Claude Opus 4.1", 200 * K, 32 * K, 15, 75, 1.5, 18.75, true, "budget"],
  ["claude-sonnet-4-0", "Claude Sonnet 4", 200 * K, 64 * K, 3, 15, 0.3, 3.75, true, "budget"],
  ["claude-sonnet-4-6", "Claude Sonnet 4.6", 1 * M, 128 * K, 3, 15, 0.3, 3.75, true, "adaptive"],
  ["claude-opus-4-6", "Claude Opus 4.6", 1 * M, 128 * K, 5, 25, 0.5, 6.25, true, "adaptive"],
  ["claude-opus-5", "Claude Opus 5", 1 * M, 128 * K, 5, 25, 0.5, 6.25, true, "adaptive"],
  ["claude-sonnet-5", "Claude Sonnet 5", 1 * M, 128 * K, 2, 10, 0.2, 2.5, true, "adaptive"],
  ["claude-opus-5-5", "Claude Opus 5.5", 1 * M, 128 * K, 4, 20, 0.2, 5, true, "adaptive"],
  ["claude-sonnet-5-5", "Claude Sonnet 5.5", 1 * M, 128 * K, 2, 10, 0.2, 2.5, true, "adaptive"],
];

// OpenAI bills cache reads at a discount and has no cache-write surcharge.
const OPENAI: Row[] = [
  ["gpt-4.1", "GPT-4.1", 1_047_576, 32_768, 2, 8, 0.5, 0, false],
  ["gpt-4.1-mini", "GPT-4.1 mini", 1_047_576, 32_768, 0.4, 1.6, 0.1, 0, false],
  ["gpt-4.1-nano", "GPT-4.1 nano", 1_047_576, 32_768, 0.1, 0.4, 0.025, 0, false],
  ["gpt-4o", "GPT-4o", 128 * K, 16_384, 2.5, 10, 1.25, 0, false],
  ["gpt-4o-mini", "GPT-4o mini", 128 * K, 16_384, 0.15, 0.6, 0.075, 0, false],
  ["gpt-5", "GPT-5", 400 * K, 128 * K, 1.25, 10, 0.125, 0, true],
  ["gpt-5-mini", "GPT-5 mini", 400 * K, 128 * K, 0.25, 2, 0.025, 0, true],
  ["gpt-5-nano", "GPT-5 nano", 400 * K, 128 * K, 0.05, 0.4, 0.005, 0, true],
  ["gpt-5.1", "GPT-5.1", 400 * K, 128 * K, 1.25, 10, 0.125, 0, true],
  ["o3", "o3", 200 * K, 100 * K, 2, 8, 0.5, 0, true],
  ["o3-mini", "o3-mini", 200 * K, 100 * K, 1.1, 4.4, 0.55, 0, true],
  ["o4-mini", "o4-mini", 200 * K, 100 * K, 1.1, 4.4, 0.275, 0, true],
  ["o1", "o1", 200 * K, 100 * K, 15, 60, 7.5, 0, true],
];

function toInfo(provider: string, row: Row): ModelInfo {
  const [id, name, contextWindow, maxOutput, input, output, cacheRead, cacheWrite, reasoning] = row;
  const info: ModelInfo = {
    provider,
    id,
    name,
    reasoning,
    contextWindow,
    maxOutput,
    price: { input, output, cacheRead, cacheWrite },
    source: "builtin",
  };
  if (row[9]) info.thinking = row[9];
  return info;
}

/** Every built-in entry (fresh objects, safe to mutate). */
export function builtinModels(): ModelInfo[] {
  return [
    ...ANTHROPIC.map((r) => toInfo("anthropic", r)),
    ...OPENAI.map((r) => toInfo("openai", r)),
  ];
}

/** The model each provider uses when none is given (ollama has none: it needs --model). */
export const DEFAULT_MODELS: Readonly<Record<string, string>> = {
  anthropic: "claude-sonnet-4-5",
  openai: "gpt-4.1",
};
