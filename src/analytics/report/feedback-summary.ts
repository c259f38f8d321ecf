/** The feedback summary: one record per page with negative feedback, so memory follows pages, not entries. */
import type { FeedbackEntry } from '../../mintlify/analytics-types.js'
import { byName, TopN } from '../compare/top-n.js'
import { PROMPT_MAX_ITEMS } from './search-summary.js'

const COMMENTS_PER_PAGE = 3
/** A comment longer than this is cut in the summary (the file has it whole). */
const COMMENT_MAX_CHARS = 500

type LatestComment = { comment: string; createdAt: string | null }

export type NegativePage = { path: string; negative: number; comments: LatestComment[] }

export interface FeedbackSummary {
  entries: number
  negative: number
  pages: NegativePage[]
  pageCount: number
  /** How many of `pages` the summary shows (`summary-rows`); the prompt may name more. */
  shownRows: number
}

const newestFirst = (a: LatestComment, b: LatestComment): number =>
  byName(b.createdAt ?? '', a.createdAt ?? '')
const byNegative = (a: NegativePage, b: NegativePage): number =>
  b.negative - a.negative || byName(a.path, b.path)

export class FeedbackTally {
  private readonly pages = new Map<string, NegativePage>()
  private entries = 0
  private negative = 0

  constructor(private readonly rows: number) {}

  addAll(entries: readonly FeedbackEntry[]): void {
    for (const entry of entries) {
      this.entries++
      if (entry.helpful !== false) continue
      this.negative++
      const page = this.pages.get(entry.path) ?? { path: entry.path, negative: 0, comments: [] }
      this.pages.set(entry.path, page)
      page.negative++
      const text = entry.comment?.trim()
      if (text) {
        page.comments.push({
          comment: text.slice(0, COMMENT_MAX_CHARS),
          createdAt: entry.createdAt
        })
        page.comments.sort(newestFirst)
        page.comments.length = Math.min(page.comments.length, COMMENTS_PER_PAGE)
      }
    }
  }

  summary(): FeedbackSummary {
    const top = new TopN(Math.max(this.rows, PROMPT_MAX_ITEMS), byNegative)
    top.addAll(this.pages.values())
    return {
      entries: this.entries,
      negative: this.negative,
      pages: top.sorted(),
      pageCount: this.pages.size,
      shownRows: this.rows
    }
  }
}
