/** The impact section's reads on the export's client and budget: views and `feedback/by-page` per period. */
import type { PageViewRow } from '../../mintlify/types.js'
import { plural } from '../../shared/plural.js'
import { fetchPage, type ExportContext, type ExportTap } from '../export/context.js'
import { paginate } from '../export/pagination.js'
import { pageReader } from '../export/traffic.js'
import { trafficSource } from '../export/traffic-source.js'
import {
  impactJson,
  impactResult,
  type DocsChanges,
  type FeedbackCounts,
  type ImpactResult,
  type PeriodFigures
} from './figures.js'
import { normalPath } from './pages.js'
import type { ImpactPeriods, Period } from './periods.js'

/** The service ranks at most this many pages in `feedback/by-page`. */
const BY_PAGE_LIMIT = 100
const IMPACT_VIEWS_PAGE_SIZE = 250

export interface ImpactPlan {
  periods: ImpactPeriods
  changes: DocsChanges
  /** The export reads the range's views itself: they come through `observe`. */
  shared: boolean
}

export class ImpactReads implements ExportTap {
  private readonly rangeViews = new Map<string, number>()
  private readonly paths: Set<string>
  private completed: ImpactResult | undefined
  requests = 0

  constructor(private readonly plan: ImpactPlan) {
    const pages = plan.changes.pulls.flatMap(pull => pull.pages)
    this.paths = new Set(pages.map(page => normalPath(page.path)))
  }

  /** One views page of each period it reads and two by-page reads; none without a touched page. */
  get minimumRequests(): number {
    return this.paths.size === 0 ? 0 : (this.plan.shared ? 1 : 2) + 2
  }

  observe(rows: readonly PageViewRow[]): void {
    if (this.plan.shared) keep(this.paths, rows, this.rangeViews)
  }

  async complete(ctx: ExportContext): Promise<Record<string, unknown>> {
    const { range, baseline } = this.plan.periods
    let before: PeriodFigures = { views: new Map(), feedback: new Map() }
    let after = before
    if (this.paths.size > 0) {
      ctx.budget.ensure(this.minimumRequests)
      const usedBefore = ctx.budget.used
      const rangeViews = this.plan.shared ? this.rangeViews : await this.views(ctx, range)
      const baselineViews = await this.views(ctx, baseline)
      after = { views: rangeViews, feedback: await this.feedback(ctx, range) }
      before = { views: baselineViews, feedback: await this.feedback(ctx, baseline) }
      this.requests = ctx.budget.used - usedBefore
    }
    this.completed = impactResult(this.plan.changes, { baseline, before, after })
    return { impact: impactJson(this.completed) }
  }

  result(): ImpactResult {
    if (!this.completed) throw new Error('The impact reads are not complete before the export is')
    return this.completed
  }

  /** Where a failure stopped says "of the baseline period" for the baseline's reads. */
  private begin(ctx: ExportContext, period: Period): void {
    ctx.progress.begin(period === this.plan.periods.baseline ? 'baseline' : undefined)
  }

  private async views(ctx: ExportContext, period: Period): Promise<Map<string, number>> {
    const views = new Map<string, number>()
    const pageSize = this.plan.shared ? ctx.settings.pageSize : IMPACT_VIEWS_PAGE_SIZE
    this.begin(ctx, period)
    const result = await paginate(
      { dateFrom: period.dateFrom, dateTo: period.dateTo, pageSize },
      {
        fetchPage: pageReader(ctx, trafficSource('views')),
        sink: async rows => keep(this.paths, rows, views)
      },
      {
        onPage: info => (ctx.progress.rowsRead = info.rowsSoFar),
        onWarning: message => ctx.rt.log.warning(message)
      }
    )
    ctx.rt.log.info(
      `Impact: views from ${period.dateFrom} to ${period.dateTo}: ${plural(result.requests, 'request')}.`
    )
    return views
  }

  private async feedback(ctx: ExportContext, period: Period): Promise<Map<string, FeedbackCounts>> {
    const query = { dateFrom: period.dateFrom, dateTo: period.dateTo, limit: BY_PAGE_LIMIT }
    this.begin(ctx, period)
    const page = ctx.progress.nextPage()
    const answer = await fetchPage(ctx, { operation: 'get-feedback-by-page', page }, s =>
      ctx.client.getFeedbackByPage(query, { signal: s })
    )
    const counts = new Map<string, FeedbackCounts>()
    for (const row of answer.feedback) {
      const path = normalPath(row.path)
      if (this.paths.has(path)) counts.set(path, { thumbsDown: row.thumbsDown, total: row.total })
    }
    ctx.rt.log.info(
      `Impact: feedback of ${plural(answer.feedback.length, 'ranked page')} from ${period.dateFrom} to ${period.dateTo}.`
    )
    return counts
  }
}

function keep(
  paths: ReadonlySet<string>,
  rows: readonly PageViewRow[],
  into: Map<string, number>
): void {
  for (const row of rows) {
    const path = normalPath(row.path)
    if (paths.has(path)) into.set(path, (into.get(path) ?? 0) + row.total)
  }
}
