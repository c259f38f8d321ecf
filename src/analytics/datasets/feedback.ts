/**
 * Feedback entries: 100 a page by cursor, the pages with the most negative entries and their latest
 * comments, which the prompt hands on. `kind` is the service's `source`; `helpful` is empty (null in
 * JSON) when the kind has none.
 */
import type { FeedbackEntry } from '../../mintlify/analytics-types.js'
import { exportCursor } from '../export/cursor-export.js'
import type { RowFormat } from '../export/writers.js'
import { FeedbackTally, type FeedbackSummary } from '../report/feedback-summary.js'
import { feedbackPrompt } from '../report/prompt.js'
import { feedbackBlocks } from '../report/sections.js'
import { defineDataset } from './descriptor.js'

const FEEDBACK_ROWS: RowFormat<FeedbackEntry> = {
  key: 'feedback',
  columns: ['id', 'kind', 'page', 'helpful', 'comment', 'status', 'date'],
  json: entry => ({
    id: entry.id,
    kind: entry.source,
    page: entry.path,
    helpful: entry.helpful,
    comment: entry.comment,
    status: entry.status,
    date: entry.createdAt
  }),
  csv: entry => ({
    id: entry.id,
    kind: entry.source,
    page: entry.path,
    helpful: entry.helpful === null ? '' : String(entry.helpful),
    comment: entry.comment ?? '',
    status: entry.status,
    date: entry.createdAt ?? ''
  })
}

export const feedback = defineDataset<FeedbackSummary>({
  maxPageSize: 100,
  fileStem: 'feedback',
  label: 'feedback',
  title: 'feedback',
  rowName: 'entry',
  comparable: false,
  outputs: ['total', 'prompt'],
  read: ctx => {
    const tally = new FeedbackTally(ctx.settings.summaryRows)
    return exportCursor(ctx, {
      operation: 'get-feedback',
      rowFormat: FEEDBACK_ROWS,
      read: async (query, signal) => {
        const answer = await ctx.client.getFeedback(query, { signal })
        return { rows: answer.feedback, nextCursor: answer.nextCursor, hasMore: answer.hasMore }
      },
      tally: rows => tally.addAll(rows),
      tail: () => ({ total: tally.summary().entries, negative: tally.summary().negative }),
      summary: () => tally.summary()
    })
  },
  outputValues: ({ summary }, range) => ({
    total: String(summary.entries),
    prompt: feedbackPrompt(summary, range)
  }),
  sections: feedbackBlocks
})
