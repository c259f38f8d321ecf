/**
 * The cursor loop of searches, feedback and the assistant. A failed page is retried with the same query,
 * so the same cursor: no row is lost or read twice.
 */
import type { CursorQuery } from '../../mintlify/analytics-types.js'
import { MAX_PAGES, PaginationError, type ExportPlan } from './pagination.js'
import { plural } from '../../shared/plural.js'

export interface CursorPage<Row> {
  rows: readonly Row[]
  nextCursor: string | null
  /** Feedback says it; searches end on a null cursor alone. */
  hasMore?: boolean
}

function cursorQuery(plan: ExportPlan, cursor: string | undefined): CursorQuery {
  const query: CursorQuery = { limit: plan.pageSize }
  if (plan.dateFrom) query.dateFrom = plan.dateFrom
  if (plan.dateTo) query.dateTo = plan.dateTo
  if (cursor !== undefined) query.cursor = cursor
  return query
}

interface CursorFlow<Row> {
  fetchPage: (query: CursorQuery) => Promise<CursorPage<Row>>
  sink: (rows: readonly Row[]) => Promise<void>
}
type CursorPageInfo = { page: number; rows: number; rowsSoFar: number; more: boolean }

export async function paginateCursor<Row>(
  plan: ExportPlan,
  { fetchPage, sink }: CursorFlow<Row>,
  onPage: (info: CursorPageInfo) => void = () => undefined
): Promise<{ rows: number; requests: number }> {
  const seen = new Set<string>()
  let cursor: string | undefined
  let rows = 0
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await fetchPage(cursorQuery(plan, cursor))
    await sink(result.rows)
    rows += result.rows.length
    const next = result.nextCursor
    const more = next !== null && result.hasMore !== false
    onPage({ page, rows: result.rows.length, rowsSoFar: rows, more })
    if (!more) {
      if (result.hasMore === true) {
        throw new PaginationError(
          `The service said more entries exist (hasMore) but gave no nextCursor on page ${page}; ` +
            `stopped after ${plural(rows, 'row')} rather than end with a silent gap.`
        )
      }
      return { rows, requests: page }
    }
    if (seen.has(next)) {
      throw new PaginationError(
        `Page ${page} gave a nextCursor the export had already followed; the service seems to ` +
          'loop. Stopped to avoid duplicate rows.'
      )
    }
    seen.add(next)
    cursor = next
  }
  throw new PaginationError(
    `The service still gave a nextCursor after ${MAX_PAGES} pages (${rows} rows); stopped to avoid an endless export.`
  )
}
