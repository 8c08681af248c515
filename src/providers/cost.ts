/** Prices token usage with the catalog's per-million prices. */

import type { Usage } from "../messages/mod.ts";
import type { ModelInfo } from "./model_info.ts";

/** The cost in USD of one call's usage on this model (unknown models cost 0). */
export function computeCost(model: Pick<ModelInfo, "price">, usage: Usage): number {
  const p = model.price;
  const micro = usage.input * p.input + usage.output * p.output +
    usage.cacheRead * p.cacheRead + usage.cacheWrite * p.cacheWrite;
  return micro / 1_000_000;
}

/** A copy of usage with `costUsd` computed for this model. */
export function priceUsage(model: Pick<ModelInfo, "price">, usage: Usage): Usage {
  return { ...usage, costUsd: computeCost(model, usage) };
}
