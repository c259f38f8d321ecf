/**
 * The offset loop: the next offset right after the rows received, while the service says `hasMore`.
 * The guards turn a misbehaving service into an error instead of an endless loop or a silent gap.
 */
import type {
  PageViewRow,
  PageViewsPage,
  PageViewsQuery,
  ViewTotals
} from '../../mintlify/types.js'
import type { DateRange } from '../dates.js'

export type ExportPlan = DateRange & { pageSize: number }

export type FetchPage = (query: PageViewsQuery) => Promise<PageViewsPage>

type PageInfo = { page: number; offset: number; rows: number; rowsSoFar: number; hasMore: boolean }

export interface PaginationEvents {
  onPage?: (info: PageInfo) => void
  onWarning?: (message: string) => void
}

export class PaginationError extends Error {
  override name = 'PaginationError'
}

/** Far beyond what 100 requests an hour allow; only a service that never ends gets here. */
export const MAX_PAGES = 10_000

export function pageQuery(plan: ExportPlan, offset: number): PageViewsQuery {
  const query: PageViewsQuery = { limit: plan.pageSize, offset }
  if (plan.dateFrom) query.dateFrom = plan.dateFrom
  if (plan.dateTo) query.dateTo = plan.dateTo
  return query
}

/**
 * Requests a complete export takes: one per started page, plus one when the last page is exactly full
 * and the service still says `hasMore` (the next page then comes back empty).
 */
export function expectedRequests(rows: number, pageSize: number): { min: number; max: number } {
  const pages = Math.max(1, Math.ceil(rows / pageSize))
  const exact = rows > 0 && rows % pageSize === 0
  return { min: pages, max: exact ? pages + 1 : pages }
}

export async function paginate(
  plan: ExportPlan,
  {
    fetchPage,
    sink
  }: { fetchPage: FetchPage; sink: (rows: readonly PageViewRow[]) => Promise<void> },
  events: PaginationEvents = {}
): Promise<{ totals: ViewTotals; rows: number; requests: number }> {
  const guards = new PageGuards(plan, events)
  let offset = 0
  let rows = 0
  let requests = 0

  for (let page = 1; ; page++) {
    if (page > MAX_PAGES) {
      throw new PaginationError(
        `The service still said hasMore after ${MAX_PAGES} pages (${rows} rows); stopped to avoid an endless export.`
      )
    }
    const result = await fetchPage(pageQuery(plan, offset))
    requests++
    const totals = guards.totalsOf(page, result)
    guards.checkRows(page, offset, result)

    await sink(result.views)
    rows += result.views.length
    const { hasMore } = result
    events.onPage?.({ page, offset, rows: result.views.length, rowsSoFar: rows, hasMore })

    if (!result.hasMore) return { totals, rows, requests }

    guards.noteShortPage(page, offset, result.views.length)
    // Offset counts rows to skip: continuing right after what arrived leaves no gap even when the
    // service sends fewer rows than asked (with full pages this is offset += limit).
    offset += result.views.length
  }
}

class PageGuards {
  private totals: ViewTotals | undefined
  private warnedTotals = false
  private warnedShortPage = false
  /** The rows of the page before, told apart by their number, first and last path. */
  private previous: { offset: number; rows: string } | undefined

  constructor(
    private readonly plan: ExportPlan,
    private readonly events: PaginationEvents
  ) {}

  /** The totals of page 1; a later page that reports others is warned about once. */
  totalsOf(page: number, result: PageViewsPage): ViewTotals {
    if (this.totals === undefined) {
      this.totals = result.totals
    } else if (
      !this.warnedTotals &&
      describeTotals(this.totals) !== describeTotals(result.totals)
    ) {
      this.warnedTotals = true
      this.events.onWarning?.(
        `The site-wide totals changed between pages (page 1: ${describeTotals(this.totals)}; page ${page}: ` +
          `${describeTotals(result.totals)}); new views may have arrived during the export. ` +
          'The totals of page 1 are reported.'
      )
    }
    return this.totals
  }

  checkRows(page: number, offset: number, result: PageViewsPage): void {
    const views = result.views
    if (result.hasMore && views.length === 0) {
      throw new PaginationError(
        `The service said more rows exist (hasMore) but page ${page} at offset ${offset} had none; ` +
          'stopped to avoid an endless export.'
      )
    }
    if (views.length === 0) return
    const rows = JSON.stringify([views.length, views[0].path, views[views.length - 1].path])
    const previous = this.previous
    if (previous?.rows === rows) {
      throw new PaginationError(
        `Page ${page} (offset ${offset}) repeated the rows of offset ${previous.offset}; the ` +
          'service seems to ignore the offset. Stopped to avoid duplicate rows.'
      )
    }
    this.previous = { offset, rows }
  }

  /** A short page while more exist is warned about once: the next offset follows what arrived. */
  noteShortPage(page: number, offset: number, received: number): void {
    if (received === this.plan.pageSize || this.warnedShortPage) return
    this.warnedShortPage = true
    this.events.onWarning?.(
      `Page ${page} had ${received} rows for a limit of ${this.plan.pageSize} while the service ` +
        `said more exist; the next page starts right after the rows received (offset ${offset + received}).`
    )
  }
}

function describeTotals(totals: ViewTotals): string {
  return `total ${totals.total}, human ${totals.human}, AI ${totals.ai}`
}
