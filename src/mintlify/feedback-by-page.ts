/**
 * Feedback counted per page (`GET /v1/analytics/{projectId}/feedback/by-page`): thumbs up and down,
 * code-snippet entries and the total of each page the service ranks (at most `limit`, 100, pages;
 * no cursor), and the check that turns an answer into a typed value.
 */
import { count, isRecord, ShapeError } from './types.js'

export interface PageFeedback {
  path: string
  thumbsUp: number
  thumbsDown: number
  code: number
  total: number
}

export interface FeedbackByPage {
  feedback: PageFeedback[]
  hasMore: boolean
}

export interface FeedbackByPageQuery {
  dateFrom?: string
  dateTo?: string
  /** 1 to 100. */
  limit: number
}

export function parseFeedbackByPage(body: unknown): FeedbackByPage {
  if (!isRecord(body)) throw new ShapeError('the feedback-by-page answer is not a JSON object')
  const { feedback, hasMore } = body
  if (!Array.isArray(feedback)) throw new ShapeError('the answer has no "feedback" array')
  if (typeof hasMore !== 'boolean') throw new ShapeError('the answer has no boolean "hasMore"')
  return {
    hasMore,
    feedback: feedback.map((row: unknown, i) => {
      if (!isRecord(row) || typeof row.path !== 'string') {
        throw new ShapeError(`feedback[${i}] has no "path"`)
      }
      return {
        path: row.path,
        thumbsUp: count(row.thumbsUp, `feedback[${i}].thumbsUp`),
        thumbsDown: count(row.thumbsDown, `feedback[${i}].thumbsDown`),
        code: count(row.code, `feedback[${i}].code`),
        total: count(row.total, `feedback[${i}].total`)
      }
    })
  }
}
