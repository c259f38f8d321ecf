/** The range R, the previous period P (the changes merged) and the baseline B before it, each as long as R. */
import { DATE, type ParsedDate } from '../../shared/dates.js'
import { formatInstant } from '../dates.js'

export interface Period {
  dateFrom: string
  dateTo: string
  /** Epoch ms; `end` is exclusive. */
  start: number
  end: number
}

export type ImpactPeriods = { range: Period; previous: Period; baseline: Period }

export function impactPeriods(from: ParsedDate, to: ParsedDate): ImpactPeriods {
  const length = to.instant - from.instant
  // Relative dates (-7d) arrive as YYYY-MM-DD already: both ends whole days keep the short form.
  const wholeDays = DATE.test(from.value) && DATE.test(to.value)
  const period = (start: number, end: number): Period => ({
    dateFrom: formatInstant(start, wholeDays),
    dateTo: formatInstant(end, wholeDays),
    start,
    end
  })
  const p = from.instant - length
  const b = p - length
  // R's ends, and P's end (R's start), go out as written, so P and R meet exactly.
  return {
    range: { ...period(from.instant, to.instant), dateFrom: from.value, dateTo: to.value },
    previous: { ...period(p, from.instant), dateTo: from.value },
    baseline: period(b, p)
  }
}

export function inPeriod(time: string, period: Period): boolean {
  const at = Date.parse(time)
  return at >= period.start && at < period.end
}
