/**
 * Where an export is, for the message when it stops: the page, its offset, the rows before it, the
 * period, the periods read whole before it, and whether a request was in flight ("on" or "after" a page).
 */
import { getErrorMessage } from '../../shared/errors.js'
import { logLine } from '../../shared/log-line.js'
import type { RetryInfo } from '../../shared/retry.js'
import type { Log } from '../../shared/runtime.js'

/** A period read besides the report's own: a comparison's previous one, the impact baseline. */
export type OtherPeriod = 'previous' | 'baseline'

export type PeriodRead = { period: OtherPeriod | undefined; pages: number; rows: number }

export class Progress {
  page: number | undefined
  offset: number | undefined
  rowsRead = 0
  period: OtherPeriod | undefined
  readonly done: PeriodRead[] = []
  /** The request on its way (a page number, or what a named read reads); undefined between requests. */
  inFlight: number | string | undefined

  begin(period: OtherPeriod | undefined): void {
    if (this.page !== undefined) {
      this.done.push({ period: this.period, pages: this.page, rows: this.rowsRead })
    }
    this.period = period
    this.page = undefined
    this.offset = undefined
    this.rowsRead = 0
  }

  nextPage(offset?: number): number {
    this.page = (this.page ?? 0) + 1
    this.offset = offset
    return this.page
  }

  label(page: number | string): string {
    if (typeof page === 'string') return page
    if (this.period === undefined) return `Page ${page}`
    return `${this.period === 'previous' ? 'Previous' : 'Baseline'} period, page ${page}`
  }

  retryLine(log: Log, page: number | string, maxAttempts: number): (info: RetryInfo) => void {
    return ({ attempt, delayMs, error }) =>
      log.info(
        `${this.label(page)}: ${logLine(getErrorMessage(error))}; retrying in ` +
          `${(delayMs / 1000).toFixed(1)} s (attempt ${attempt + 1} of ${maxAttempts}).`
      )
  }
}
