/**
 * Feedback counted per page (`GET /v1/analytics/{projectId}/feedback/by-page`): thumbs up and down,
 * code-snippet entries and the total of each page the service ranks (at most `limit`, 100, pages;
 * no cursor), and the check that turns an answer into a typed value.
 */
import type { CursorQuery } from './analytics-types.js'
import { count, isRecord, ShapeError } from './types.js'

interface PageFeedback {
  path: string
  thumbsUp: number
  thumbsDown: number
  code: number
  total: number
}

export type FeedbackByPage = { feedback: PageFeedback[]; hasMore: boolean }

/** The range and `limit` (1 to 100); there is no cursor. */
export type ByPageQuery = Omit<CursorQuery, 'cursor'>

export function parseFeedbackByPage(body: unknown): FeedbackByPage {
  const rows = isRecord(body) ? body.feedback : undefined
  if (!isRecord(body) || !Array.isArray(rows)) {
    throw new ShapeError('the feedback-by-page answer has no "feedback" array')
  }
  if (typeof body.hasMore !== 'boolean') throw new ShapeError('the answer has no boolean "hasMore"')
  return { feedback: rows.map(pageFeedback), hasMore: body.hasMore }
}

function pageFeedback(row: unknown, i: number): PageFeedback {
  if (!isRecord(row) || typeof row.path !== 'string') {
    throw new ShapeError(`feedback[${i}] has no "path"`)
  }
  const field = (name: 'thumbsUp' | 'thumbsDown' | 'code' | 'total'): number =>
    count(row[name], `feedback[${i}].${name}`)
  return {
    path: row.path,
    thumbsUp: field('thumbsUp'),
    thumbsDown: field('thumbsDown'),
    code: field('code'),
    total: field('total')
  }
}
