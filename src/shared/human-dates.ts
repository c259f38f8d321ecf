/**
 * Dates as a person reads them, in UTC: `Nov 19 – 25, 2026` for a range (the service's exclusive end
 * made inclusive), `Nov 25, 2026` for a timestamp in a table. Pure. A value that is not a date is
 * shown as given (inert), never as "Invalid Date".
 */
import { tableCell } from './markdown.js'

const DAY_MS = 86_400_000
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function instantOf(value: string): number | undefined {
  // A bare date or a date-time without offset is UTC, as the service reads it.
  const iso = /^\d{4}-\d{2}-\d{2}T[^Z+-]*$/.test(value) ? `${value}Z` : value
  const instant = Date.parse(iso)
  return Number.isFinite(instant) ? instant : undefined
}

function monthDay(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`
}

const isMidnight = (date: Date): boolean => date.getTime() % DAY_MS === 0

/** `Nov 25, 2026` (with `09:00 UTC` when the timestamp is not at midnight and `withTime`). */
export function humanDate(value: string, withTime = false): string {
  const instant = instantOf(value)
  if (instant === undefined) return tableCell(value)
  const date = new Date(instant)
  const day = `${monthDay(date)}, ${date.getUTCFullYear()}`
  return withTime && !isMidnight(date) ? `${day} ${date.toISOString().slice(11, 16)} UTC` : day
}

/** A timestamp as a table cell: its date, UTC; "–" when there is none. */
export function dateCell(value: string | null | undefined): string {
  return value ? humanDate(value) : '–'
}

/**
 * The range `[from, to)` as `Nov 19 – 25, 2026`, `Oct 28 – Nov 3, 2026`, `Dec 29, 2026 – Jan 4, 2027`
 * or `Nov 19, 2026` (one day). Ends off midnight keep their times, end exclusive.
 */
export function humanRange(from: string, to: string): string {
  const start = instantOf(from)
  const end = instantOf(to)
  if (start === undefined || end === undefined) return `${tableCell(from)} to ${tableCell(to)}`
  const first = new Date(start)
  if (!isMidnight(first) || !isMidnight(new Date(end))) {
    return `${humanDate(from, true)} to ${humanDate(to, true)} (exclusive)`
  }
  const last = new Date(Math.max(start, end - DAY_MS))
  const year = first.getUTCFullYear()
  if (last.getTime() === first.getTime()) return humanDate(from)
  if (year !== last.getUTCFullYear()) return `${humanDate(from)} – ${humanDate(last.toISOString())}`
  const sameMonth = first.getUTCMonth() === last.getUTCMonth()
  const lastPart = sameMonth ? String(last.getUTCDate()) : monthDay(last)
  return `${monthDay(first)} – ${lastPart}, ${year}`
}

/** A day of a chart's axis: `Nov 19`. */
export function axisDay(value: string): string {
  const instant = instantOf(value)
  return instant === undefined ? value : monthDay(new Date(instant))
}
