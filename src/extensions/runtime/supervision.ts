/**
 * The restart policy for an extension that dies after it was ready, and the figures
 * status() shows. A crash is restarted after an exponential backoff; the third crash
 * within a minute quarantines the extension until /reload-ext or the next start, so a
 * crash loop costs a few seconds, not a CPU.
 */

import { ExtensionError } from "../../errors/mod.ts";

/** Tuning of the restart policy (tests shorten it). */
export interface SupervisionOptions {
  /** Wait before the first restart; doubles per crash in the window. */
  restartBaseMs: number;
  /** Longest wait before a restart. */
  restartMaxMs: number;
  /** Crashes counted within this window... */
  crashWindowMs: number;
  /** ...and this many of them quarantine the extension. */
  quarantineAfter: number;
}

/** The defaults: 0.5 s, 1 s, then quarantine at the third crash within 60 s. */
export const DEFAULT_SUPERVISION: Readonly<SupervisionOptions> = {
  restartBaseMs: 500,
  restartMaxMs: 30_000,
  crashWindowMs: 60_000,
  quarantineAfter: 3,
};

/** What to do after a crash. */
export type CrashVerdict =
  | { action: "restart"; delayMs: number; attempt: number }
  | { action: "quarantine"; crashes: number; windowMs: number };

/** Counts one extension's crashes and decides restart or quarantine. */
export class CrashPolicy {
  readonly #options: SupervisionOptions;
  #crashes: number[] = [];
  /** Restarts done since zot started it (kept across quarantine for status). */
  restarts = 0;

  constructor(options: SupervisionOptions) {
    this.#options = options;
  }

  /** Records a crash at `now` and says what to do. */
  crashed(now = Date.now()): CrashVerdict {
    const o = this.#options;
    this.#crashes = [...this.#crashes.filter((t) => now - t < o.crashWindowMs), now];
    const n = this.#crashes.length;
    if (n >= o.quarantineAfter) {
      return { action: "quarantine", crashes: n, windowMs: o.crashWindowMs };
    }
    const delayMs = Math.min(o.restartMaxMs, o.restartBaseMs * 2 ** (n - 1));
    return { action: "restart", delayMs, attempt: this.restarts + 1 };
  }
}

/** What a crash turns an extension into, and what is said about it. */
export interface CrashOutcome {
  state: "restarting" | "quarantined";
  /** For status: the crash and what follows (`exited with code 1; restarting in 500 ms …`). */
  reason: string;
  /** For the extension's log. */
  logLine: string;
  /** For the user (an error notice from the extension), once: set only when it is quarantined. */
  notice?: { extension: string; level: "error"; message: string };
}

/**
 * One extension's supervision, whatever protocol it speaks: a crash after it was ready is
 * restarted after a backoff (once the crashed process is reaped), a crash loop is
 * quarantined, and status() gets restarts, uptime and the last error from here.
 */
export class Supervisor {
  readonly #policy: CrashPolicy;
  #everReady = false;
  #readySince: number | undefined;
  #lastError: string | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The crashed process being reaped; a stop waits for it. */
  #reaping: Promise<unknown> | undefined;

  constructor(options: SupervisionOptions) {
    this.#policy = new CrashPolicy(options);
  }

  /** Whether it was ever ready: an exit since then, not asked for, is a crash. */
  get everReady(): boolean {
    return this.#everReady;
  }

  /** The crash being cleaned up, if any; resolves once its process is gone. */
  get reaping(): Promise<unknown> | undefined {
    return this.#reaping;
  }

  /** The extension is ready (again); says whether this was a restart. */
  ready(): boolean {
    const again = this.#everReady;
    this.#everReady = true;
    this.#readySince = Date.now();
    return again;
  }

  /**
   * Records a crash (`reaping`: its process being stopped) and decides: with a restart,
   * `relaunch` runs after the backoff and the reaping (it calls countRestart() when it does
   * start again, and not when the extension was stopped meanwhile).
   */
  crashed(
    name: string,
    reason: string,
    reaping: Promise<unknown> | undefined,
    relaunch: () => void,
  ): CrashOutcome {
    this.#lastError = reason;
    this.#readySince = undefined;
    this.#reaping = reaping;
    const verdict = this.#policy.crashed();
    const quarantined = verdict.action === "quarantine";
    const what = quarantined
      ? `quarantined after ${verdict.crashes} crashes within ${verdict.windowMs / 1000} s`
      : `restarting in ${verdict.delayMs} ms (restart ${verdict.attempt})`;
    const outcome: CrashOutcome = {
      state: quarantined ? "quarantined" : "restarting",
      reason: `${reason}; ${what}`,
      logLine: `extension ${name} ${reason} at ${new Date().toISOString()}; ${what}`,
    };
    if (quarantined) {
      const message = `extension "${name}" ${reason} and has crashed ${verdict.crashes} ` +
        `times within ${verdict.windowMs / 1000} s; quarantined until /reload-ext or the ` +
        `next start (see: zot ext logs ${name})`;
      outcome.notice = { extension: name, level: "error", message };
    } else {
      this.#timer = setTimeout(async () => {
        this.#timer = undefined;
        await this.#reaping;
        this.#reaping = undefined;
        relaunch();
      }, verdict.delayMs);
    }
    return outcome;
  }

  /** A restart begins. */
  countRestart(): void {
    this.#policy.restarts++;
  }

  /** Cancels a restart not yet begun (the extension is being stopped). */
  cancelRestart(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** The figures status() shows: restarts, uptime while ready, the last crash. */
  figures(state: string): { restarts: number; uptimeMs?: number; lastError?: string } {
    const out: ReturnType<Supervisor["figures"]> = { restarts: this.#policy.restarts };
    if (this.#readySince !== undefined && state === "ready") {
      out.uptimeMs = Date.now() - this.#readySince;
    }
    if (this.#lastError !== undefined) out.lastError = this.#lastError;
    return out;
  }

  /** The last crash's reason, for errors about calls it cut off. */
  get lastError(): string | undefined {
    return this.#lastError;
  }
}

/** Call latencies of one extension (the last 512 calls), for p50/p99 in status. */
export class LatencyStats {
  #samples: number[] = [];
  #next = 0;
  /** Calls answered or failed since start. */
  calls = 0;
  /** Calls that failed (timeout, crash, cancel, too large). */
  failures = 0;

  /** Adds one finished call. */
  add(ms: number, ok: boolean): void {
    this.calls++;
    if (!ok) this.failures++;
    if (this.#samples.length < 512) this.#samples.push(ms);
    else this.#samples[this.#next] = ms;
    this.#next = (this.#next + 1) % 512;
  }

  /** The figures status() shows: calls, failures, p50 and p99 (once there was a call). */
  figures(): { calls: number; failedCalls: number; latencyP50Ms?: number; latencyP99Ms?: number } {
    const out: ReturnType<LatencyStats["figures"]> = {
      calls: this.calls,
      failedCalls: this.failures,
    };
    const p50 = this.percentile(50);
    const p99 = this.percentile(99);
    if (p50 !== undefined) out.latencyP50Ms = p50;
    if (p99 !== undefined) out.latencyP99Ms = p99;
    return out;
  }

  /** The p-th percentile (0-100) in ms, or undefined before the first call. */
  percentile(p: number): number | undefined {
    if (this.#samples.length === 0) return undefined;
    const sorted = [...this.#samples].sort((a, b) => a - b);
    const rank = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
    return sorted[Math.max(0, rank)];
  }
}

/** Why a call to a restarting or quarantined extension fails (`label`: the call it cut off). */
export function unavailableError(
  ext: { name: string; state: string; reason?: string; lastError?: string },
  label?: string,
): ExtensionError {
  const name = ext.name;
  const about = label ? ` while ${label} was pending` : "";
  if (ext.state === "quarantined") {
    const message = label
      ? `extension "${name}" ${ext.lastError}${about}; it kept crashing and is quarantined`
      : `extension "${name}" is quarantined (${ext.reason ?? "it kept crashing"})`;
    return new ExtensionError("ext_quarantined", name, message, {
      hint: `see: zot ext logs ${name}; /reload-ext starts it again`,
    });
  }
  return new ExtensionError(
    "ext_restarting",
    name,
    `extension "${name}" ${ext.lastError ?? "crashed"}${about}; it is restarting, ` +
      `try again in a moment`,
    { hint: `see: zot ext logs ${name}` },
  );
}
