/**
 * Searches, feedback and assistant conversations: cursor paging into the file and the dataset's summary tally. A page that
 * fails is retried with the same cursor (the retry repeats the same query).
 */
import type { CursorQuery, FeedbackEntry, SearchRow } from '../../mintlify/analytics-types.js'
import {
  getAssistant,
  getAssistantCallerStats,
  type AssistantConversation
} from '../../mintlify/assistant.js'
import type { Operation } from '../../mintlify/errors.js'
import { plural } from '../../shared/plural.js'
import { paginateCursor, type CursorPage } from './cursor-pagination.js'
import {
  fetchPage,
  withWriter,
  type AssistantOutcome,
  type ExportContext,
  type FeedbackOutcome,
  type SearchesOutcome
} from './context.js'
import { FeedbackTally, type FeedbackSummary } from '../report/feedback-summary.js'
import { ASSISTANT_ROWS, FEEDBACK_ROWS, SEARCH_ROWS } from './row-formats.js'
import { SearchTally } from '../report/search-summary.js'
import { AssistantTally } from '../report/assistant-summary.js'
import { QuestionGroups } from '../report/question-groups.js'
import type { RowFormat } from './writers.js'

interface CursorDataset<Row> {
  operation: Operation
  rowFormat: RowFormat<Row>
  /** One page from the client, as the cursor loop takes it. */
  read: (query: CursorQuery, signal?: AbortSignal) => Promise<CursorPage<Row>>
  /** Each page's rows, after they are written. */
  tally: (rows: readonly Row[]) => void
  /** The JSON file's fields after the rows. */
  tail: () => Record<string, unknown>
}

/** Pages the dataset into the file; returns the rows written and the requests made. */
async function exportCursor<Row>(
  ctx: ExportContext,
  dataset: CursorDataset<Row>
): Promise<{ rows: number; requests: number }> {
  const { settings, progress, rt } = ctx
  const plan = { dateFrom: settings.dateFrom, dateTo: settings.dateTo, pageSize: settings.pageSize }
  const rows = await withWriter(ctx, dataset.rowFormat, async writeRows => {
    const result = await paginateCursor(
      plan,
      {
        fetchPage: query => {
          const request = { operation: dataset.operation, page: progress.nextPage() }
          return fetchPage(ctx, request, s => dataset.read(query, s))
        },
        sink: async page => {
          await writeRows(page)
          dataset.tally(page)
        }
      },
      info => {
        progress.rowsRead = info.rowsSoFar
        rt.log.info(
          `${progress.label(info.page)}: ${plural(info.rows, 'row')}, ${info.rowsSoFar} so far` +
            (info.more ? '; more to come.' : '; done.')
        )
      }
    )
    return { tail: dataset.tail(), outcome: result.rows }
  })
  return { rows, requests: ctx.budget.used }
}

export async function exportSearches(ctx: ExportContext): Promise<SearchesOutcome> {
  const tally = new SearchTally(ctx.settings.summaryRows)
  const done = await exportCursor<SearchRow>(ctx, {
    operation: 'get-searches',
    rowFormat: SEARCH_ROWS,
    read: async (query, signal) => {
      const answer = await ctx.client.getSearches(query, { signal })
      tally.setTotal(answer.totalSearches)
      return { rows: answer.searches, nextCursor: answer.nextCursor }
    },
    tally: rows => tally.addAll(rows),
    tail: () => ({ totalSearches: tally.summary().totalSearches })
  })
  return { dataset: 'searches', ...done, searches: tally.summary() }
}

export async function exportFeedback(ctx: ExportContext): Promise<FeedbackOutcome> {
  const tally = new FeedbackTally(ctx.settings.summaryRows)
  const feedback = (): FeedbackSummary => tally.summary()
  const done = await exportCursor<FeedbackEntry>(ctx, {
    operation: 'get-feedback',
    rowFormat: FEEDBACK_ROWS,
    read: async (query, signal) => {
      const {
        feedback: rows,
        nextCursor,
        hasMore
      } = await ctx.client.getFeedback(query, { signal })
      return { rows, nextCursor, hasMore }
    },
    tally: rows => tally.addAll(rows),
    tail: () => ({ total: feedback().entries, negative: feedback().negative })
  })
  return { dataset: 'feedback', ...done, feedback: feedback() }
}

/**
 * The caller split first (one request: a fault there costs no page read), then the conversations,
 * whose unanswered questions are grouped for the prompt (question-groups.ts).
 */
export async function exportAssistant(ctx: ExportContext): Promise<AssistantOutcome> {
  const { settings, client } = ctx
  const range = { dateFrom: settings.dateFrom, dateTo: settings.dateTo }
  const request = { operation: 'get-assistant-caller-stats', page: 'Caller stats' } as const
  const callers = await fetchPage(ctx, request, signal =>
    getAssistantCallerStats(client, range, { signal })
  )
  const tally = new AssistantTally(settings.summaryRows, new QuestionGroups())
  const done = await exportCursor<AssistantConversation>(ctx, {
    operation: 'get-assistant',
    rowFormat: ASSISTANT_ROWS,
    read: async (query, signal) => {
      const page = await getAssistant(client, query, { signal })
      return { ...page, rows: page.conversations }
    },
    tally: rows => tally.addAll(rows),
    tail: () => ({ ...tally.counts, callers })
  })
  return { dataset: 'assistant', ...done, assistant: tally.summary(callers) }
}
