/**
 * Searches and feedback: cursor paging into the file and the dataset's summary tally. A page that
 * fails is retried with the same cursor (the retry repeats the same query).
 */
import type { CursorQuery } from '../mintlify/analytics-types.js'
import { plural } from '../shared/plural.js'
import { paginateCursor, type CursorPageInfo } from './cursor-pagination.js'
import {
  fetchPage,
  withWriter,
  type ExportContext,
  type FeedbackOutcome,
  type SearchesOutcome
} from './export-context.js'
import { FeedbackTally } from './feedback-summary.js'
import { FEEDBACK_ROWS, SEARCH_ROWS } from './row-formats.js'
import { SearchTally } from './search-summary.js'

function planOf(ctx: ExportContext): { dateFrom?: string; dateTo?: string; pageSize: number } {
  const { dateFrom, dateTo, pageSize } = ctx.settings
  return { dateFrom, dateTo, pageSize }
}

function onPage(ctx: ExportContext): (info: CursorPageInfo) => void {
  return info => {
    ctx.progress.rowsRead = info.rowsSoFar
    ctx.rt.log.info(
      `${ctx.progress.label(info.page)}: ${plural(info.rows, 'row')}, ${info.rowsSoFar} so far` +
        (info.more ? '; more to come.' : '; done.')
    )
  }
}

export function exportSearches(ctx: ExportContext): Promise<SearchesOutcome> {
  const { client, progress } = ctx
  const tally = new SearchTally(ctx.settings.summaryRows)
  return withWriter(ctx, SEARCH_ROWS, async writeRows => {
    const result = await paginateCursor(
      planOf(ctx),
      async (query: CursorQuery) => {
        const page = progress.nextPage()
        const answer = await fetchPage(ctx, 'get-searches', page, s =>
          client.getSearches(query, { signal: s })
        )
        tally.setTotal(answer.totalSearches)
        return { rows: answer.searches, nextCursor: answer.nextCursor }
      },
      async rows => {
        await writeRows(rows)
        tally.addAll(rows)
      },
      onPage(ctx)
    )
    const searches = tally.summary()
    const outcome: SearchesOutcome = {
      dataset: 'searches',
      rows: result.rows,
      requests: ctx.budget.used,
      searches
    }
    return { tail: { totalSearches: searches.totalSearches }, outcome }
  })
}

export function exportFeedback(ctx: ExportContext): Promise<FeedbackOutcome> {
  const { client, progress } = ctx
  const tally = new FeedbackTally(ctx.settings.summaryRows)
  return withWriter(ctx, FEEDBACK_ROWS, async writeRows => {
    const result = await paginateCursor(
      planOf(ctx),
      async (query: CursorQuery) => {
        const page = progress.nextPage()
        const answer = await fetchPage(ctx, 'get-feedback', page, s =>
          client.getFeedback(query, { signal: s })
        )
        return { rows: answer.feedback, nextCursor: answer.nextCursor, hasMore: answer.hasMore }
      },
      async rows => {
        await writeRows(rows)
        tally.addAll(rows)
      },
      onPage(ctx)
    )
    const feedback = tally.summary()
    const outcome: FeedbackOutcome = {
      dataset: 'feedback',
      rows: result.rows,
      requests: ctx.budget.used,
      feedback
    }
    return { tail: { total: feedback.entries, negative: feedback.negative }, outcome }
  })
}
