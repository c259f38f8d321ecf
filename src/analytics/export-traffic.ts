/**
 * Views and visitors: offset paging into the file and the top-pages tally. With `compare: previous`
 * the previous period is read first into one number per page (path → total), then this period's rows
 * are joined with it as they stream to the file: ⌈M/page⌉ + ⌈N/page⌉ requests, nothing more.
 */
import type { PageViewRow, PageViewsQuery } from '../mintlify/types.js'
import { plural } from '../shared/plural.js'
import { Comparison } from './comparison.js'
import { fetchPage, withWriter, type ExportContext, type TrafficOutcome } from './export-context.js'
import { paginate, type FetchPage, type PaginationEvents } from './pagination.js'
import { comparedRows } from './row-formats.js'
import { TopPages } from './top-pages.js'
import { trafficRows } from './writers.js'

type TrafficDataset = 'views' | 'visitors'

/** The page reader of a traffic dataset, in the shape the pagination loop takes. */
function trafficFetcher(ctx: ExportContext, dataset: TrafficDataset): FetchPage {
  const { client, progress } = ctx
  return (query: PageViewsQuery) => {
    const page = progress.nextPage(query.offset)
    if (dataset === 'views') {
      return fetchPage(ctx, 'get-page-views', page, s => client.getPageViews(query, { signal: s }))
    }
    return fetchPage(ctx, 'get-visitors', page, async s => {
      const { totals, visitors, hasMore } = await client.getVisitors(query, { signal: s })
      return { totals, views: visitors, hasMore }
    })
  }
}

function pageEvents(ctx: ExportContext): PaginationEvents {
  const { rt, progress } = ctx
  return {
    onPage: info => {
      progress.rowsRead = info.rowsSoFar
      rt.log.info(
        `${progress.label(info.page)} (offset ${info.offset}): ${plural(info.rows, 'row')}, ` +
          `${info.rowsSoFar} so far${info.hasMore ? '; more to come.' : '; done.'}`
      )
    },
    onWarning: message => rt.log.warning(message)
  }
}

export async function exportTraffic(
  ctx: ExportContext,
  dataset: TrafficDataset
): Promise<TrafficOutcome> {
  const { settings } = ctx
  const fetch = trafficFetcher(ctx, dataset)
  const plan = { dateFrom: settings.dateFrom, dateTo: settings.dateTo, pageSize: settings.pageSize }
  const top = new TopPages(settings.summaryRows)
  const key = dataset === 'views' ? 'views' : 'visitors'

  if (!settings.previous) {
    return withWriter(ctx, trafficRows(key), async writeRows => {
      const sink = async (rows: readonly PageViewRow[]): Promise<void> => {
        await writeRows(rows)
        top.addAll(rows)
      }
      const result = await paginate(plan, fetch, sink, pageEvents(ctx))
      const outcome: TrafficOutcome = {
        dataset,
        totals: result.totals,
        rows: result.rows,
        requests: ctx.budget.used,
        top: top.sorted()
      }
      return { tail: { totals: result.totals }, outcome }
    })
  }

  const previous = settings.previous
  return withWriter(ctx, comparedRows(key), async writeRows => {
    ctx.progress.begin('previous')
    const previousTotals = new Map<string, number>()
    const before = await paginate(
      { ...plan, ...previous },
      fetch,
      async rows => {
        for (const row of rows) {
          previousTotals.set(row.path, (previousTotals.get(row.path) ?? 0) + row.total)
        }
      },
      pageEvents(ctx)
    )
    ctx.progress.begin(undefined)
    const comparison = new Comparison(
      previousTotals,
      { ...previous, totals: before.totals },
      settings.summaryRows
    )
    const result = await paginate(
      plan,
      fetch,
      async rows => {
        await writeRows(rows.map(row => comparison.compare(row)))
        top.addAll(rows)
      },
      pageEvents(ctx)
    )
    const summary = comparison.finish(result.totals)
    const outcome: TrafficOutcome = {
      dataset,
      totals: result.totals,
      rows: result.rows,
      requests: ctx.budget.used,
      top: top.sorted(),
      comparison: summary
    }
    const tail = {
      totals: result.totals,
      previous: { ...previous, totals: before.totals },
      change: summary.change
    }
    return { tail, outcome }
  })
}
