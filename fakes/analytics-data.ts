/**
 * The emulator's analytics data and its paging, as analytics-openapi.json describes it: views and
 * visitors page by offset with `hasMore` (rows per period: the `dateFrom` asked for picks them), searches
 * and feedback by an opaque cursor. Query checks answer 400 with the service's error shape.
 */
export interface TrafficRow {
  path: string
  human: number
  ai: number
  total: number
}

export interface TrafficTotals {
  human: number
  ai: number
  total: number
}

export interface SearchTerm {
  searchQuery: string
  hits: number
  ctr: number
  topClickedPage: string | null
  lastSearchedAt: string
}

/** One feedback entry as the service answers it (contextual, code snippet, agent or thumbs). */
export type FeedbackItem = Record<string, unknown> & { id: string; path: string }

export interface RowSource {
  length: number
  at(i: number): TrafficRow
  totals: TrafficTotals
}

export interface Answer {
  status: number
  body: unknown
  headers?: Record<string, string>
}

/** Row `i` (0-based) of a generated dataset: the same numbers every time, computed from the index. */
export function generatedRow(i: number, variant = 0): TrafficRow {
  const human = ((i * 7919 + variant * 104723) % 1000) + 1
  const ai = (i * 104729 + variant * 7907) % 300
  return { path: `/docs/page-${i}`, human, ai, total: human + ai }
}

export function arrayRows(rows: TrafficRow[], totals?: TrafficTotals): RowSource {
  const copy = rows.map(row => ({ ...row }))
  const sums = totals ?? {
    human: copy.reduce((sum, row) => sum + row.human, 0),
    ai: copy.reduce((sum, row) => sum + row.ai, 0),
    total: copy.reduce((sum, row) => sum + row.total, 0)
  }
  return { length: copy.length, at: i => copy[i], totals: { ...sums } }
}

/** n generated rows made on demand: 1,000,000 rows cost no memory. */
export function generatedRows(n: number, variant = 0): RowSource {
  const totals = { human: 0, ai: 0, total: 0 }
  for (let i = 0; i < n; i++) {
    const row = generatedRow(i, variant)
    totals.human += row.human
    totals.ai += row.ai
    totals.total += row.total
  }
  return { length: n, at: i => generatedRow(i, variant), totals }
}

/** A traffic dataset: rows for any period, and rows for the periods that start at a given date. */
export class PeriodRows {
  private fallback: RowSource = arrayRows([])
  private readonly byDateFrom = new Map<string, RowSource>()

  set(source: RowSource, dateFrom?: string): void {
    if (dateFrom === undefined) this.fallback = source
    else this.byDateFrom.set(dateFrom, source)
  }

  for(dateFrom: string | undefined): RowSource {
    return (dateFrom !== undefined && this.byDateFrom.get(dateFrom)) || this.fallback
  }
}

/** One page's feedback counts as `feedback/by-page` answers them. */
export interface PageFeedbackRow {
  path: string
  thumbsUp: number
  thumbsDown: number
  code: number
  total: number
}

/**
 * `feedback/by-page`: the first `limit` (1 to 100, default 10) of the pages in the order given (the
 * service's ranking), `hasMore` when it ranks more; no cursor.
 */
export function byPageAnswer(
  rows: readonly PageFeedbackRow[],
  query: Record<string, string>
): Answer {
  const details = dateProblems(query)
  const limit = query.limit === undefined ? 10 : Number(query.limit)
  if (!Number.isFinite(limit) || limit < 1 || limit > 100) {
    details.push({ message: 'limit must be a number between 1 and 100' })
  }
  if (details.length > 0) return invalid(details)
  const feedback = rows.slice(0, Math.floor(limit)).map(row => ({ ...row }))
  return { status: 200, body: { feedback, hasMore: rows.length > feedback.length } }
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i

function isDate(value: string): boolean {
  if (!DATE_ONLY.test(value) && !DATE_TIME.test(value)) return false
  const parsed = Date.parse(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value)
  if (Number.isNaN(parsed)) return false
  // Date.parse rolls 2024-02-30 over to March; the calendar date must survive the round trip.
  const [y, m, d] = value.slice(0, 10).split('-').map(Number)
  const day = new Date(Date.UTC(y, m - 1, d))
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d
}

/** The integer in a query value, the fallback when absent, undefined when not an integer. */
function integerParam(value: string | undefined, fallback: number): number | undefined {
  if (value === undefined) return fallback
  return /^[+-]?\d+$/.test(value.trim()) ? Number(value) : undefined
}

function dateProblems(query: Record<string, string>): { message: string }[] {
  const details: { message: string }[] = []
  for (const name of ['dateFrom', 'dateTo']) {
    const value = query[name]
    if (value !== undefined && !isDate(value)) {
      details.push({ message: `${name} must be a date in YYYY-MM-DD or ISO 8601 format` })
    }
  }
  return details
}

function invalid(details: { message: string }[]): Answer {
  return { status: 400, body: { error: 'Invalid query parameters', details } }
}

/** Views and visitors: `offset`/`limit` (1 to 250, default 50) and `hasMore`. */
export function offsetPage(key: string, rows: RowSource, query: Record<string, string>): Answer {
  const details = dateProblems(query)
  const limit = integerParam(query.limit, 50)
  if (limit === undefined || limit < 1 || limit > 250) {
    details.push({ message: 'limit must be an integer between 1 and 250' })
  }
  const offset = integerParam(query.offset, 0)
  if (offset === undefined || offset < 0) {
    details.push({ message: 'offset must be an integer greater than or equal to 0' })
  }
  if (details.length > 0 || limit === undefined || offset === undefined) return invalid(details)
  const end = Math.min(offset + limit, rows.length)
  const page: TrafficRow[] = []
  for (let i = offset; i < end; i++) page.push(rows.at(i))
  return {
    status: 200,
    body: { totals: { ...rows.totals }, [key]: page, hasMore: offset + limit < rows.length }
  }
}

/** An opaque cursor naming the next row: what a real service's cursor hides. */
function encodeCursor(index: number): string {
  return Buffer.from(`row:${index}`, 'utf8').toString('base64url')
}

function decodeCursor(cursor: string): number | undefined {
  const match = /^row:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  return match ? Number(match[1]) : undefined
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const ULID_PREFIX = '01HZZZZZZZ'

/** The same, shaped as a ULID (the assistant's cursors are): a fixed time part, the row in base 32. */
function encodeUlidCursor(index: number): string {
  let digits = ''
  for (let n = index, i = 0; i < 16; i++, n = Math.floor(n / 32))
    digits = CROCKFORD[n % 32] + digits
  return ULID_PREFIX + digits
}

function decodeUlidCursor(cursor: string): number | undefined {
  if (!cursor.startsWith(ULID_PREFIX) || cursor.length !== 26) return undefined
  let index = 0
  for (const char of cursor.slice(ULID_PREFIX.length)) {
    const digit = CROCKFORD.indexOf(char)
    if (digit < 0) return undefined
    index = index * 32 + digit
  }
  return index
}

/** Rows a cursor endpoint pages through: an array, or rows made on demand. */
export interface CursorItems<T> {
  length: number
  at(i: number): T | undefined
}

export interface CursorOptions {
  /** The endpoint's `limit` maximum (searches and feedback 100, assistant 1,000). */
  maxLimit?: number
  /** Cursors shaped as ULIDs (the assistant's `format: ulid`). */
  ulid?: boolean
}

/** Cursor paging: `limit` (1 to maxLimit, default 50) and `cursor`; `nextCursor` null at the end. */
export function cursorPage<T>(
  items: CursorItems<T>,
  query: Record<string, string>,
  answer: (page: T[], nextCursor: string | null) => Record<string, unknown>,
  { maxLimit = 100, ulid = false }: CursorOptions = {}
): Answer {
  const details = dateProblems(query)
  const limit = query.limit === undefined ? 50 : Number(query.limit)
  if (!Number.isFinite(limit) || limit < 1 || limit > maxLimit) {
    details.push({ message: `limit must be a number between 1 and ${maxLimit}` })
  }
  const decode = ulid ? decodeUlidCursor : decodeCursor
  const start = query.cursor === undefined ? 0 : decode(query.cursor)
  if (start === undefined || start > items.length) {
    return { status: 400, body: { error: 'Invalid cursor' } }
  }
  if (details.length > 0) return invalid(details)
  const end = Math.min(start + Math.floor(limit), items.length)
  const page: T[] = []
  for (let i = start; i < end; i++) page.push(items.at(i) as T)
  const next = end < items.length ? (ulid ? encodeUlidCursor : encodeCursor)(end) : null
  return { status: 200, body: answer(page, next) }
}
