/**
 * Ctrl-C, SIGTERM and SIGHUP: the first interrupt aborts the running turn, a second (or
 * SIGTERM/SIGHUP) ends the run. Ending is a rejected promise the runner races against, so cleanup
 * (host shutdown, session close) still runs and only main.ts exits.
 */

import { CancelledError } from "../errors/mod.ts";

/** Signal wiring for one run. */
export class Interrupts {
  readonly #controller = new AbortController();
  #rejectExit?: (err: Error) => void;
  /** Rejects with CancelledError on the second Ctrl-C or on SIGTERM/SIGHUP. */
  readonly exit: Promise<never>;
  #listeners: [Deno.Signal, () => void][] = [];
  #count = 0;

  constructor() {
    this.exit = new Promise<never>((_, reject) => this.#rejectExit = reject);
    this.exit.catch(() => {});
    this.#listen("SIGINT", () => {
      this.#count++;
      if (this.#count === 1) this.#controller.abort();
      else this.#rejectExit?.(new CancelledError("interrupted"));
    });
    // A closed terminal (SIGHUP) ends the run like SIGTERM: extensions are stopped, the
    // session is closed, instead of zot dying with its extensions still running.
    for (const signal of ["SIGTERM", "SIGHUP"] as const) {
      this.#listen(signal, () => {
        this.#controller.abort();
        this.#rejectExit?.(new CancelledError("terminated"));
      });
    }
  }

  /** Aborted by the first interrupt. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  #listen(signal: Deno.Signal, handler: () => void): void {
    try {
      Deno.addSignalListener(signal, handler);
      this.#listeners.push([signal, handler]);
    } catch {
      // Not every platform has every signal (Windows has no SIGTERM listener).
    }
  }

  /** Removes the signal listeners. */
  dispose(): void {
    for (const [signal, handler] of this.#listeners) Deno.removeSignalListener(signal, handler);
    this.#listeners = [];
  }
}

/** The signals that end a wait: Ctrl-C, SIGTERM and a closed terminal (SIGHUP). */
const ENDING_SIGNALS: readonly Deno.Signal[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * Calls `handler` on Ctrl-C, SIGTERM or SIGHUP (those the platform can listen for) while a
 * command waits on something outside it; returns the unsubscribe.
 */
export function onInterrupt(handler: () => void): () => void {
  const listening: Deno.Signal[] = [];
  for (const signal of ENDING_SIGNALS) {
    try {
      Deno.addSignalListener(signal, handler);
      listening.push(signal);
    } catch {
      // Not every platform has every signal (Windows listens for SIGINT only).
    }
  }
  return () => {
    for (const signal of listening) Deno.removeSignalListener(signal, handler);
  };
}
