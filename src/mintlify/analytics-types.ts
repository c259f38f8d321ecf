/**
 * The analytics resources beyond page views (analytics-openapi.json): unique visitors, search terms
 * and feedback entries, and the checks that turn an answer into a typed value.
 */
import {
  count,
  isRecord,
  optionalString,
  parseTrafficPage,
  ShapeError,
  type TrafficPage
} from './types.js'

/** Visitors per path; `total` is deduplicated across human and AI (never human + AI). */
export type VisitorsPage = TrafficPage<'visitors'>

export interface SearchRow {
  searchQuery: string
  hits: number
  /** Click-through rate, a fraction from 0 to 1. */
  ctr: number
  topClickedPage: string | null
  lastSearchedAt: string
}

export interface SearchesPage {
  searches: SearchRow[]
  /** Search events in the range (the sum of all hits, not distinct terms). */
  totalSearches: number
  nextCursor: string | null
}

export interface FeedbackEntry {
  id: string
  path: string
  comment: string | null
  createdAt: string | null
  /** `contextual`, `code_snippet`, `agent` or `thumbs_only` (the entry's kind). */
  source: string
  status: string
  /** Only contextual entries (and thumbs votes) say it; negative feedback is `false`. */
  helpful: boolean | null
}

export interface FeedbackPage {
  feedback: FeedbackEntry[]
  nextCursor: string | null
  hasMore: boolean
}

export interface CursorQuery {
  dateFrom?: string
  dateTo?: string
  limit: number
  /** Absent on the first page. */
  cursor?: string
}

export function parseVisitorsPage(body: unknown): VisitorsPage {
  return parseTrafficPage(body, 'visitors', 'visitors')
}

function nextCursorOf(body: Record<string, unknown>): string | null {
  const { nextCursor } = body
  if (nextCursor === null || nextCursor === undefined) return null
  if (typeof nextCursor !== 'string') throw new ShapeError('field "nextCursor" is not a string')
  return nextCursor === '' ? null : nextCursor
}

export function parseSearchesPage(body: unknown): SearchesPage {
  if (!isRecord(body)) throw new ShapeError('the searches answer is not a JSON object')
  const { searches } = body
  if (!Array.isArray(searches)) throw new ShapeError('the answer has no "searches" array')
  return {
    totalSearches: count(body.totalSearches, 'totalSearches'),
    nextCursor: nextCursorOf(body),
    searches: searches.map((row: unknown, i) => {
      if (!isRecord(row) || typeof row.searchQuery !== 'string') {
        throw new ShapeError(`searches[${i}] has no "searchQuery"`)
      }
      const ctr = count(row.ctr, `searches[${i}].ctr`)
      if (ctr > 1) throw new ShapeError(`searches[${i}].ctr is above 1`)
      return {
        searchQuery: row.searchQuery,
        hits: count(row.hits, `searches[${i}].hits`),
        ctr,
        topClickedPage: optionalString(row.topClickedPage, `searches[${i}].topClickedPage`) ?? null,
        lastSearchedAt: optionalString(row.lastSearchedAt, `searches[${i}].lastSearchedAt`) ?? ''
      }
    })
  }
}

/** A cursor page that says `hasMore`: its rows under `key` (unchecked), the cursor and `hasMore`. */
export function cursorEnvelope(
  body: unknown,
  key: string,
  what: string
): { rows: unknown[]; nextCursor: string | null; hasMore: boolean } {
  if (!isRecord(body)) throw new ShapeError(`the ${what} answer is not a JSON object`)
  const { hasMore } = body
  const rows = body[key]
  if (!Array.isArray(rows)) throw new ShapeError(`the answer has no "${key}" array`)
  if (typeof hasMore !== 'boolean') throw new ShapeError('the answer has no boolean "hasMore"')
  return { rows, nextCursor: nextCursorOf(body), hasMore }
}

export function parseFeedbackPage(body: unknown): FeedbackPage {
  const { rows, nextCursor, hasMore } = cursorEnvelope(body, 'feedback', 'feedback')
  return {
    hasMore,
    nextCursor,
    feedback: rows.map((entry: unknown, i) => {
      if (!isRecord(entry) || typeof entry.id !== 'string' || typeof entry.path !== 'string') {
        throw new ShapeError(`feedback[${i}] has no "id" or "path"`)
      }
      const { helpful } = entry
      if (helpful !== undefined && typeof helpful !== 'boolean') {
        throw new ShapeError(`feedback[${i}].helpful is not a boolean`)
      }
      return {
        id: entry.id,
        path: entry.path,
        comment: optionalString(entry.comment, `feedback[${i}].comment`) ?? null,
        createdAt: optionalString(entry.createdAt, `feedback[${i}].createdAt`) ?? null,
        source: optionalString(entry.source, `feedback[${i}].source`) ?? '',
        status: optionalString(entry.status, `feedback[${i}].status`) ?? '',
        helpful: helpful ?? null
      }
    })
  }
}
