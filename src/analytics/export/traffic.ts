/**
 * Views and visitors: offset paging into the file and the top-pages tally. With `compare: previous`
 * the previous period is read first, then this one, and the two are joined by path in memory
 * (compare/previous-join.ts): ⌈M/page⌉ + ⌈N/page⌉ requests, nothing more.
 */
import type { PageViewRow, PageViewsQuery } from '../../mintlify/types.js'
import { plural } from '../../shared/plural.js'
import { Comparison } from '../compare/comparison.js'
import { PreviousJoin } from '../compare/previous-join.js'
import { fetchPage, withWriter, type ExportContext, type TrafficOutcome } from './context.js'
import { paginate, type ExportPlan, type FetchPage, type PaginationEvents } from './pagination.js'
import { comparedRows } from './row-formats.js'
import { TopPages } from '../report/top-pages.js'
import { trafficRows } from './writers.js'

type TrafficDataset = 'views' | 'visitors'

/** The page reader of a traffic dataset, in the shape the pagination loop takes. */
function trafficFetcher(ctx: ExportContext, dataset: TrafficDataset): FetchPage {
  const { client, progress } = ctx
  return (query: PageViewsQuery) => {
    const page = progress.nextPage(query.offset)
    if (dataset === 'views') {
      return fetchPage(ctx, { operation: 'get-page-views', page }, s =>
        client.getPageViews(query, { signal: s })
      )
    }
    return fetchPage(ctx, { operation: 'get-visitors', page }, async s => {
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
  const plan = { dateFrom: settings.dateFrom, dateTo: settings.dateTo, pageSize: settings.pageSize }
  const readPage = trafficFetcher(ctx, dataset)
  if (settings.previous) {
    return exportCompared(ctx, dataset, { plan, previous: settings.previous, readPage })
  }

  const top = new TopPages(settings.summaryRows)
  return withWriter(ctx, trafficRows(dataset), async writeRows => {
    const sink = async (rows: readonly PageViewRow[]): Promise<void> => {
      await writeRows(rows)
      top.addAll(rows)
      if (dataset === 'views') ctx.impact?.observe(rows)
    }
    const result = await paginate(plan, { fetchPage: readPage, sink }, pageEvents(ctx))
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

/** What a compared export reads: this period's plan, the previous period's dates, the page reader. */
interface ComparedReads {
  plan: ExportPlan
  previous: { dateFrom: string; dateTo: string }
  readPage: FetchPage
}

/**
 * The previous period, then this one, whose rows go to the file in the service's order, each with
 * its previous total and change.
 */
async function exportCompared(
  ctx: ExportContext,
  dataset: TrafficDataset,
  { plan, previous, readPage }: ComparedReads
): Promise<TrafficOutcome> {
  const top = new TopPages(ctx.settings.summaryRows)
  const join = new PreviousJoin()
  return withWriter(ctx, comparedRows(dataset), async writeRows => {
    ctx.progress.begin('previous')
    const periodPlan = { ...plan, ...previous }
    const sinkPrevious = async (rows: readonly PageViewRow[]): Promise<void> =>
      join.addPrevious(rows)
    const before = await paginate(
      periodPlan,
      { fetchPage: readPage, sink: sinkPrevious },
      pageEvents(ctx)
    )
    ctx.progress.begin(undefined)
    const period = { ...previous, totals: before.totals }
    const comparison = new Comparison(period, ctx.settings.summaryRows)
    const sinkCurrent = async (rows: readonly PageViewRow[]): Promise<void> => {
      await writeRows(join.join(rows, comparison))
      top.addAll(rows)
      if (dataset === 'views') ctx.impact?.observe(rows)
    }
    const result = await paginate(plan, { fetchPage: readPage, sink: sinkCurrent }, pageEvents(ctx))
    join.tallyGone(comparison)
    const summary = comparison.finish(result.totals)
    const outcome: TrafficOutcome = {
      dataset,
      totals: result.totals,
      rows: result.rows,
      requests: ctx.budget.used,
      top: top.sorted(),
      comparison: summary
    }
    return { tail: { totals: result.totals, previous: period, change: summary.change }, outcome }
  })
}
