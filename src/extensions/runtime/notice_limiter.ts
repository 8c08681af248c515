/**
 * Rate limit for one extension's `notify` frames. A burst passes; past it, notices are
 * dropped and counted, and one summary notice says how many went, at most once a
 * second. A flood of a million notices so costs the UI a few dozen lines, and memory
 * stays flat, instead of a frozen screen.
 */

/** Notices allowed in a burst, and refilled per second after it. */
export const NOTICE_BURST = 50;
export const NOTICES_PER_SECOND = 20;

/** The limiter's rate (HostOptions.noticeLimit). */
export interface NoticeRate {
  burst: number;
  perSecond: number;
}

/** Counts and admits one extension's notices; `report` gets the drop summaries. */
export class NoticeLimiter {
  readonly #rate: NoticeRate;
  #tokens: number;
  #refilledAt = Date.now();
  #dropped = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #report: (dropped: number) => void;

  constructor(
    report: (dropped: number) => void,
    rate: NoticeRate = { burst: NOTICE_BURST, perSecond: NOTICES_PER_SECOND },
  ) {
    this.#report = report;
    this.#rate = rate;
    this.#tokens = rate.burst;
  }

  /** Whether this notice may be shown; a dropped one is counted for the next summary. */
  admit(now = Date.now()): boolean {
    const refill = Math.floor(((now - this.#refilledAt) / 1000) * this.#rate.perSecond);
    if (refill > 0) {
      this.#tokens = Math.min(this.#rate.burst, this.#tokens + refill);
      this.#refilledAt = now;
    }
    if (this.#tokens > 0) {
      this.#tokens--;
      return true;
    }
    this.#dropped++;
    this.#timer ??= setTimeout(() => this.flush(), 1000);
    return false;
  }

  /** Reports the drops counted so far (also at stop), and clears the timer. */
  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#dropped === 0) return;
    const dropped = this.#dropped;
    this.#dropped = 0;
    this.#report(dropped);
  }
}
