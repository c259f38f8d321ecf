/** The assistant summary, streamed: memory is one record per category, `summary-rows` questions, the groups. */
import type { AssistantConversation, CallerStats } from '../../mintlify/assistant.js'
import { byName, TopN } from '../compare/top-n.js'
import { QuestionGroups, type QuestionGroup } from './question-groups.js'
import { PROMPT_MAX_ITEMS } from './search-summary.js'

/** The summary shows at most this much of a question (the prompt and the table cut it further). */
const QUESTION_KEEP_CHARS = 1000
const NO_CATEGORY = 'uncategorized'

export type CategoryCount = { category: string; unanswered: number; total: number }

export interface LatestQuestion {
  query: string
  timestamp: string
  pageUrl: string | null
  category: string | null
}

export interface AssistantSummary {
  conversations: number
  answered: number
  unanswered: number
  callers: CallerStats
  categories: CategoryCount[]
  categoryCount: number
  latest: LatestQuestion[]
  questions: QuestionGroup[]
}

/** Epoch ms of a timestamp; 0 when it does not parse, so it sorts as the oldest. */
function timeOf(timestamp: string): number {
  const ms = Date.parse(timestamp)
  return Number.isNaN(ms) ? 0 : ms
}

const newestFirst = (a: LatestQuestion, b: LatestQuestion): number =>
  timeOf(b.timestamp) - timeOf(a.timestamp) || byName(a.query, b.query)
const byUnanswered = (a: CategoryCount, b: CategoryCount): number =>
  b.unanswered - a.unanswered || byName(a.category, b.category)

export class AssistantTally {
  private conversations = 0
  private unanswered = 0
  private readonly categories = new Map<string, CategoryCount>()
  private readonly latest: TopN<LatestQuestion>
  private readonly groups = new QuestionGroups()

  constructor(
    private readonly rows: number,
    private readonly callers: CallerStats
  ) {
    this.latest = new TopN(rows, newestFirst)
  }

  get counts(): { total: number; unanswered: number } {
    return { total: this.conversations, unanswered: this.unanswered }
  }

  addAll(conversations: readonly AssistantConversation[]): void {
    for (const c of conversations) {
      this.conversations++
      const name = c.queryCategory?.trim() || NO_CATEGORY
      const category = this.categories.get(name) ?? { category: name, unanswered: 0, total: 0 }
      this.categories.set(name, category)
      category.total++
      if (c.resolutionStatus !== 'unanswered') continue
      this.unanswered++
      category.unanswered++
      const query = c.query.slice(0, QUESTION_KEEP_CHARS)
      this.latest.add({ query, timestamp: c.timestamp, pageUrl: c.pageUrl, category: name })
      this.groups.add(c.query, timeOf(c.timestamp), c.pageUrl)
    }
  }

  summary(): AssistantSummary {
    const categories = [...this.categories.values()].filter(c => c.unanswered > 0)
    return {
      conversations: this.conversations,
      answered: this.conversations - this.unanswered,
      unanswered: this.unanswered,
      callers: this.callers,
      categories: categories.sort(byUnanswered).slice(0, this.rows),
      categoryCount: categories.length,
      latest: this.latest.sorted(),
      questions: this.groups.top(PROMPT_MAX_ITEMS)
    }
  }
}
