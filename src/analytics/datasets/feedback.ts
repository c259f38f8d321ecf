/**
 * Feedback entries by cursor. `kind` is the service's `source`; `helpful` is empty (null in JSON) when the
 * kind has none.
 */
import type { FeedbackEntry } from '../../mintlify/analytics-types.js'
import { exportCursor } from '../export/cursor-export.js'
import { rowFormat } from '../export/writers.js'
import { FeedbackTally, type FeedbackSummary } from '../report/feedback-summary.js'
import { feedbackPrompt } from '../report/prompt.js'
import { feedbackBlocks } from '../report/sections.js'
import { defineDataset } from './descriptor.js'

const FEEDBACK_ROWS = rowFormat<FeedbackEntry>('feedback', [
  'id',
  ['kind', entry => entry.source],
  ['page', entry => entry.path],
  'helpful',
  'comment',
  'status',
  ['date', entry => entry.createdAt]
])

export const feedback = defineDataset<FeedbackSummary>('feedback', {
  read: ctx =>
    exportCursor(ctx, new FeedbackTally(ctx.settings.summaryRows), {
      operation: 'get-feedback',
      rowFormat: FEEDBACK_ROWS,
      read: async (query, signal) => {
        const answer = await ctx.client.getFeedback(query, { signal })
        return { rows: answer.feedback, nextCursor: answer.nextCursor, hasMore: answer.hasMore }
      },
      tail: ({ entries, negative }) => ({ total: entries, negative })
    }),
  outputValues: ({ summary }, range) => ({
    total: String(summary.entries),
    prompt: feedbackPrompt(summary, range)
  }),
  sections: feedbackBlocks
})
