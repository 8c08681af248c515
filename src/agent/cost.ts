/** Pricing usage and keeping per-turn and per-session totals. */

import { addUsage, type Usage, zeroUsage } from "../messages/mod.ts";

/** Prices in US dollars per million tokens. */
export interface Pricing {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** Finds the pricing of a model; undefined for unknown models (which cost 0). */
export type PriceLookup = (model: string) => Pricing | undefined;

/** The cost of a usage record at a pricing. */
export function computeCost(usage: Usage, pricing: Pricing): number {
  return (usage.input * pricing.input + usage.output * pricing.output +
    usage.cacheRead * pricing.cacheRead + usage.cacheWrite * pricing.cacheWrite) / 1_000_000;
}

/**
 * Sums usage for the current turn (one prompt, all its model calls) and the whole
 * session. Compaction calls count too: they are real spend.
 */
export class CostTracker {
  #price: PriceLookup;
  #session: Usage;
  #turn: Usage = zeroUsage();

  constructor(price: PriceLookup = () => undefined, seed: Usage = zeroUsage()) {
    this.#price = price;
    this.#session = { ...seed };
  }

  /** Prices a usage record: a provider-reported cost is kept, else computed from the catalog. */
  price(model: string, usage: Usage): Usage {
    if (usage.costUsd > 0) return { ...usage };
    const pricing = this.#price(model);
    return { ...usage, costUsd: pricing ? computeCost(usage, pricing) : 0 };
  }

  /** Adds an already-priced record to the turn and session totals. */
  add(priced: Usage): void {
    this.#turn = addUsage(this.#turn, priced);
    this.#session = addUsage(this.#session, priced);
  }

  /** Starts a new turn's total. */
  startTurn(): void {
    this.#turn = zeroUsage();
  }

  /** Usage of the current (or last) turn. */
  get turn(): Usage {
    return { ...this.#turn };
  }

  /** Usage of the whole session, including any seed from a resumed session. */
  get session(): Usage {
    return { ...this.#session };
  }

  /** Clears the session total (rpc `clear`). */
  reset(): void {
    this.#turn = zeroUsage();
    this.#session = zeroUsage();
  }
}
