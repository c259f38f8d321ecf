/**
 * The date forms the date inputs accept: `YYYY-MM-DD`, an ISO 8601 date-time, or `-Nd` (N days
 * before today, UTC). The value is sent as written, except `-Nd`, which becomes `YYYY-MM-DD`.
 */
import { DAY_MS } from './duration.js'
import { InputError, readString, type InputReader } from './inputs.js'

export interface ParsedDate {
  /** What the service receives. */
  value: string
  /** Epoch ms, to check the order of the two ends (no offset: read as UTC). */
  instant: number
}

/** A hundred years back is as far as a relative date sensibly goes. */
const MAX_RELATIVE_DAYS = 36_500

const EXPECTED =
  'must be a date: YYYY-MM-DD (such as 2024-01-31), an ISO 8601 date-time ' +
  '(such as 2024-01-31T00:00:00Z), or -Nd for N days before today in UTC (such as -7d)'

export const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/
export const RELATIVE = /^-(\d{1,6})d$/

/** The date in an input, or undefined when the input is empty. */
export function parseDateInput(
  read: InputReader,
  name: string,
  today: Date
): ParsedDate | undefined {
  const raw = readString(read, name)
  if (!raw) return undefined
  const parsed = parseDate(raw, today)
  if (!parsed) throw new InputError(name, EXPECTED, raw)
  return parsed
}

export function parseDate(raw: string, today: Date): ParsedDate | undefined {
  const relative = RELATIVE.exec(raw)
  if (relative) {
    const days = Number(relative[1])
    if (days > MAX_RELATIVE_DAYS) return undefined
    const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
    const instant = midnight - days * DAY_MS
    return { value: new Date(instant).toISOString().slice(0, 10), instant }
  }

  const date = DATE.exec(raw)
  if (date) {
    const instant = calendarDay(date[1], date[2], date[3])
    return instant === undefined ? undefined : { value: raw, instant }
  }

  const dateTime = DATE_TIME.exec(raw)
  if (dateTime) {
    const [, year, month, day, hour, minute, second = '0', fraction = '0', offset] = dateTime
    const dayStart = calendarDay(year, month, day)
    if (dayStart === undefined || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) {
      return undefined
    }
    const offsetMs = parseOffset(offset)
    if (offsetMs === undefined) return undefined
    const ms = Number(fraction.padEnd(3, '0').slice(0, 3))
    const instant =
      dayStart + ((Number(hour) * 60 + Number(minute)) * 60 + Number(second)) * 1000 + ms - offsetMs
    return { value: raw, instant }
  }
  return undefined
}

/** Midnight UTC of a real calendar day (no 2023-02-29, no month 13), or undefined. */
function calendarDay(year: string, month: string, day: string): number | undefined {
  const [y, m, d] = [year, month, day].map(Number)
  const date = new Date(Date.UTC(2000, m - 1, d))
  date.setUTCFullYear(y)
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return undefined
  }
  return date.getTime()
}

/** `Z`, `+02:00`, `-0530` in ms east of UTC; no offset counts as UTC. */
function parseOffset(offset: string | undefined): number | undefined {
  if (!offset || offset === 'Z') return 0
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(offset)
  if (!match) return undefined
  const hours = Number(match[2])
  const minutes = Number(match[3])
  if (hours > 14 || minutes > 59) return undefined
  const sign = match[1] === '-' ? -1 : 1
  return sign * (hours * 60 + minutes) * 60_000
}
