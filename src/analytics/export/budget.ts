/**
 * The run's share of the analytics request budget: the service allows 100 requests per organization
 * per hour across all its analytics endpoints, so one run never makes more (both periods of a
 * comparison, and retries, together). The request that would be the 101st is never sent.
 */
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

export class RequestBudget {
  private count = 0
  private startedAt: number | undefined

  constructor(
    readonly limit: number,
    private readonly now: () => number
  ) {}

  get used(): number {
    return this.count
  }

  /** Throws the budget's error when `more` requests cannot follow the ones made: nothing is sent. */
  ensure(more: number): void {
    if (this.count + more > this.limit) {
      throw new RequestBudgetExceeded(this.limit, this.startedAt ?? this.now())
    }
  }

  /** Counts one request about to be sent; throws instead when the budget is spent. */
  take(): void {
    this.startedAt ??= this.now()
    if (this.count >= this.limit) throw new RequestBudgetExceeded(this.limit, this.startedAt)
    this.count++
  }
}
