/**
 * Views and visitors into the file and the top-pages tally. With `compare: previous` the previous period
 * is read first and joined by path in memory; the points per day come last, after the impact reads.
 */
import type { PageViewRow, ViewTotals } from '../../mintlify/types.js'
import { plural } from '../../shared/plural.js'
import { Comparison, type ComparedRow, type ComparisonSummary } from '../compare/comparison.js'
import { PreviousJoin } from '../compare/previous-join.js'
import type { TrafficSummary } from '../report/traffic-sections.js'
import {
  fetchPage,
  withWriter,
  type DatasetRead,
  type ExportContext,
  type Filled
} from './context.js'
import { paginate, type FetchPage, type PaginationEvents } from './pagination.js'
import { TopPages } from '../report/top-pages.js'
import type { RowFormat } from './writers.js'
import { readDaily, writeDailyCsv } from './daily.js'
import { comparedRows, trafficRows, type TrafficSource } from './traffic-source.js'
import type { DailySection } from '../report/daily-section.js'

function dailyFields(daily: DailySection | undefined): Record<string, unknown> {
  if (!daily || 'skipped' in daily) return {}
  return { daily: daily.points, ...(daily.previous && { previousDaily: daily.previous }) }
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
    const daily = ctx.daily ? ctx.daily.section : await readDaily(ctx, source)
    const requests = outcome.requests + ctx.budget.used - usedBefore
    const files = await writeDailyCsv(ctx, source.kind, daily)
    return {
      tail: { ...tail, ...dailyFields(daily) },
      outcome: { ...outcome, requests, files, summary: { ...outcome.summary, daily } }
    }
  }
  return { tail, outcome, last }
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

export function pageReader(ctx: ExportContext, source: TrafficSource): FetchPage {
  return query => {
    const request = { operation: source.operation, page: ctx.progress.nextPage(query.offset) }
    return fetchPage(ctx, request, signal => source.read(ctx, query, signal))
  }
}

export async function exportTraffic(
  ctx: ExportContext,
  source: TrafficSource
): Promise<DatasetRead<TrafficSummary>> {
  const { previous } = ctx.settings
  if (previous) return readTraffic(ctx, source, compared(ctx, source, previous))
  const asTheyAre: PeriodRows<PageViewRow> = { rows: rows => rows, finish: () => ({}) }
  return readTraffic(ctx, source, {
    format: trafficRows(source.kind),
    before: async () => asTheyAre
  })
}

/** How this period's rows reach the file: as they are, or joined with the previous period's. */
interface RowShape<Row> {
  format: RowFormat<Row>
  before(readPage: FetchPage): Promise<PeriodRows<Row>>
}

interface PeriodRows<Row> {
  rows(rows: readonly PageViewRow[]): readonly Row[]
  finish(totals: ViewTotals): { tail?: Record<string, unknown>; comparison?: ComparisonSummary }
}

async function readTraffic<Row>(
  ctx: ExportContext,
  source: TrafficSource,
  shape: RowShape<Row>
): Promise<DatasetRead<TrafficSummary>> {
  const { settings } = ctx
  const plan = { dateFrom: settings.dateFrom, dateTo: settings.dateTo, pageSize: settings.pageSize }
  const readPage = pageReader(ctx, source)
  const top = new TopPages(settings.summaryRows)
  return withWriter(ctx, shape.format, async writeRows => {
    const period = await shape.before(readPage)
    const sink = async (rows: readonly PageViewRow[]): Promise<void> => {
      await writeRows(period.rows(rows))
      top.addAll(rows)
      // The impact section reads the range's page views as the export reads them.
      if (source.kind === 'views') ctx.impact?.observe(rows)
    }
    const result = await paginate(plan, { fetchPage: readPage, sink }, pageEvents(ctx))
    const { tail, comparison } = period.finish(result.totals)
    const summary = {
      totals: result.totals,
      top: top.sorted(),
      ...(comparison ? { comparison } : {})
    }
    const outcome = { rows: result.rows, requests: ctx.budget.used, summary }
    return withDaily(ctx, source, { tail: { totals: result.totals, ...tail }, outcome })
  })
}

function compared(
  ctx: ExportContext,
  source: TrafficSource,
  previous: { dateFrom: string; dateTo: string }
): RowShape<ComparedRow> {
  const before = async (readPage: FetchPage): Promise<PeriodRows<ComparedRow>> => {
    const join = new PreviousJoin()
    ctx.progress.begin('previous')
    const plan = { ...previous, pageSize: ctx.settings.pageSize }
    const sink = async (rows: readonly PageViewRow[]): Promise<void> => join.addPrevious(rows)
    const read = await paginate(plan, { fetchPage: readPage, sink }, pageEvents(ctx))
    ctx.progress.begin(undefined)
    const period = { ...previous, totals: read.totals }
    const comparison = new Comparison(period, ctx.settings.summaryRows)
    return {
      rows: rows => join.join(rows, comparison),
      finish: totals => {
        join.tallyGone(comparison)
        const summary = comparison.finish(totals)
        return { tail: { previous: period, change: summary.change }, comparison: summary }
      }
    }
  }
  return { format: comparedRows(source.kind), before }
}
