/**
 * The run's share of the service's 100 analytics requests per organization per hour (both periods of a
 * comparison and retries count): the request that would pass the budget is never sent.
 */
import type { RateLimitWaits } from '../../mintlify/retry-policy.js'

export const REQUEST_LIMIT = 100

/** How long the service's window is: a run that ran out may try again this long after it began. */
export const BUDGET_WINDOW_MS = 60 * 60_000

export class RequestBudgetExceeded extends Error {
  constructor(
    readonly limit: number,
    /** When the run made its first request (epoch ms): the hour is counted from there. */
    readonly startedAt: number
  ) {
    super(`The export needs more than ${limit} requests`)
    this.name = 'RequestBudgetExceeded'
  }
}

/** The requests made, shared by a budget and the slices of it (several datasets, one step). */
interface Tally {
  count: number
  startedAt: number | undefined
  /** The 429 waits left to the retry entry (absent: as many as its rule allows). */
  rateLimitWaits?: RateLimitWaits
}

export class RequestBudget {
  constructor(
    readonly limit: number,
    private readonly now: () => number,
    private readonly tally: Tally = { count: 0, startedAt: undefined }
  ) {}

  /**
   * Several datasets in one step: a 429 (the hour spent by someone else's requests) is waited out
   * once; a second one ends the reading instead of waiting again and again.
   */
  static waitingOutOneRateLimit(limit: number, now: () => number): RequestBudget {
    return new RequestBudget(limit, now, {
      count: 0,
      startedAt: undefined,
      rateLimitWaits: { left: 1 }
    })
  }

  get rateLimitWaits(): RateLimitWaits | undefined {
    return this.tally.rateLimitWaits
  }

  get used(): number {
    return this.tally.count
  }

  /**
   * The same requests under a lower limit: a part of the step (one dataset's rows) may go up to
   * `limit` requests made in all, what it makes counts for the whole step.
   */
  slice(limit: number): RequestBudget {
    return new RequestBudget(Math.min(limit, this.limit), this.now, this.tally)
  }

  ensure(more: number): void {
    if (this.tally.count + more > this.limit) {
      throw new RequestBudgetExceeded(this.limit, this.tally.startedAt ?? this.now())
    }
  }

  take(): void {
    this.tally.startedAt ??= this.now()
    if (this.tally.count >= this.limit) {
      throw new RequestBudgetExceeded(this.limit, this.tally.startedAt)
    }
    this.tally.count++
  }
}
