/**
 * Views and visitors: offset paging into the file and the top-pages tally. With `compare: previous`
 * the previous period is read first, then this one, and the two are joined by path in memory
 * (compare/previous-join.ts): ⌈M/page⌉ + ⌈N/page⌉ requests; the points per day (daily.ts) come last,
 * after the impact section's reads.
 */
import type { Operation } from '../../mintlify/errors.js'
import type { PageViewRow, PageViewsPage, PageViewsQuery } from '../../mintlify/types.js'
import { plural } from '../../shared/plural.js'
import { Comparison, type ComparedRow } from '../compare/comparison.js'
import { PreviousJoin } from '../compare/previous-join.js'
import type { DatasetRead } from '../datasets/descriptor.js'
import type { TrafficSummary } from '../report/traffic-sections.js'
import { fetchPage, withWriter, type ExportContext, type Filled } from './context.js'
import { paginate, type ExportPlan, type FetchPage, type PaginationEvents } from './pagination.js'
import { TopPages } from '../report/top-pages.js'
import type { RowFormat } from './writers.js'
import { readDaily } from './daily.js'
import type { DailySection } from '../report/daily-section.js'

/** The JSON file's `daily` (and `previousDaily`) when the points were read. */
function dailyFields(daily: DailySection | undefined): Record<string, unknown> {
  if (!daily || 'skipped' in daily) return {}
  return daily.previous
    ? { daily: daily.points, previousDaily: daily.previous }
    : { daily: daily.points }
}

/**
 * The file's fields and the outcome, with the points per day read last: after the impact section's
 * reads, so they take only what the budget has left (their requests counted with the export's).
 */
function withDaily(
  ctx: ExportContext,
  source: TrafficSource,
  { tail, outcome }: Filled<DatasetRead<TrafficSummary>>
): Filled<DatasetRead<TrafficSummary>> {
  const last = async (): Promise<Filled<DatasetRead<TrafficSummary>>> => {
    const usedBefore = ctx.budget.used
    const daily = await readDaily(ctx, source)
    const requests = outcome.requests + ctx.budget.used - usedBefore
    return {
      tail: { ...tail, ...dailyFields(daily) },
      outcome: { ...outcome, requests, summary: { ...outcome.summary, daily } }
    }
  }
  return { tail, outcome, last }
}

/** Where a traffic dataset's pages come from, and how its rows look in the file. */
export interface TrafficSource {
  operation: Operation
  /** One page of the endpoint, as the offset loop takes it. */
  read(ctx: ExportContext, query: PageViewsQuery, signal?: AbortSignal): Promise<PageViewsPage>
  rows: RowFormat<PageViewRow>
  /** The rows with `compare: previous`. */
  comparedRows: RowFormat<ComparedRow>
  /** The rows are the range's page views, which the impact section reads too. */
  feedsImpact: boolean
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
  source: TrafficSource
): Promise<DatasetRead<TrafficSummary>> {
  const { settings } = ctx
  const plan = { dateFrom: settings.dateFrom, dateTo: settings.dateTo, pageSize: settings.pageSize }
  const readPage: FetchPage = query => {
    const request = { operation: source.operation, page: ctx.progress.nextPage(query.offset) }
    return fetchPage(ctx, request, signal => source.read(ctx, query, signal))
  }
  if (settings.previous) {
    return exportCompared(ctx, source, { plan, previous: settings.previous, readPage })
  }

  const top = new TopPages(settings.summaryRows)
  return withWriter(ctx, source.rows, async writeRows => {
    const sink = async (rows: readonly PageViewRow[]): Promise<void> => {
      await writeRows(rows)
      top.addAll(rows)
      if (source.feedsImpact) ctx.impact?.observe(rows)
    }
    const result = await paginate(plan, { fetchPage: readPage, sink }, pageEvents(ctx))
    const summary = { totals: result.totals, top: top.sorted() }
    const outcome = { rows: result.rows, requests: ctx.budget.used, summary }
    return withDaily(ctx, source, { tail: { totals: result.totals }, outcome })
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
  source: TrafficSource,
  { plan, previous, readPage }: ComparedReads
): Promise<DatasetRead<TrafficSummary>> {
  const top = new TopPages(ctx.settings.summaryRows)
  const join = new PreviousJoin()
  return withWriter(ctx, source.comparedRows, async writeRows => {
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
      if (source.feedsImpact) ctx.impact?.observe(rows)
    }
    const result = await paginate(plan, { fetchPage: readPage, sink: sinkCurrent }, pageEvents(ctx))
    join.tallyGone(comparison)
    const summary = comparison.finish(result.totals)
    const outcome = {
      rows: result.rows,
      requests: ctx.budget.used,
      summary: { totals: result.totals, top: top.sorted(), comparison: summary }
    }
    const tail = { totals: result.totals, previous: period, change: summary.change }
    return withDaily(ctx, source, { tail, outcome })
  })
}
