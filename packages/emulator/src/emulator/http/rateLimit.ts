// A fixed one-minute window shared by all API requests, reported in the X-Rate-Limit-* headers.
// With no limit configured the window is unbounded and the headers say so with a nominal limit.
export const UNLIMITED = 1_000_000;

export class RateLimiter {
  private windowStart = 0;
  private used = 0;

  constructor(private perMinute: number) {}

  /** A new limit (0: none), starting with a full quota in the current window. */
  setLimit(perMinute: number): void {
    this.perMinute = perMinute;
    this.used = 0;
  }

  /** Takes one request from the window; returns the headers and whether the request may proceed. */
  take(nowMs = Date.now()): { allowed: boolean; headers: Record<string, string>; reset: number } {
    if (nowMs - this.windowStart >= 60_000) {
      this.windowStart = nowMs - (nowMs % 60_000);
      this.used = 0;
    }
    const limit = this.perMinute > 0 ? this.perMinute : UNLIMITED;
    const allowed = this.used < limit;
    if (allowed) this.used++;
    const reset = Math.ceil((this.windowStart + 60_000) / 1000);
    return {
      allowed,
      reset,
      headers: {
        'x-rate-limit-limit': String(limit),
        'x-rate-limit-remaining': String(Math.max(0, limit - this.used)),
        'x-rate-limit-reset': String(reset),
      },
    };
  }
}
