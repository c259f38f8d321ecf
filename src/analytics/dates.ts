/** The analytics action's dates: the forms every date input accepts, and the previous period. */
import { DATE, RELATIVE, type ParsedDate } from '../shared/dates.js'

/** A range as sent to the service: an end left undefined is not sent (the service decides). */
export type DateRange = { dateFrom?: string; dateTo?: string }

/**
 * The period of the same length just before `from`: it ends where `from` starts (the service's end is
 * exclusive, so the two periods touch and do not overlap). Whole days stay `YYYY-MM-DD`.
 */
export function previousPeriod(from: ParsedDate, to: ParsedDate): Required<DateRange> {
  const start = from.instant - (to.instant - from.instant)
  const wholeDays = DATE.test(from.value) && (DATE.test(to.value) || RELATIVE.test(to.value))
  return { dateFrom: formatInstant(start, wholeDays), dateTo: from.value }
}

export function formatInstant(ms: number, wholeDays: boolean): string {
  const iso = new Date(ms).toISOString()
  return wholeDays ? iso.slice(0, 10) : iso
}
