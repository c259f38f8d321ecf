/**
 * The unanswered questions grouped for the prompt (lower case, spaces collapsed), each with its latest
 * wording and most frequent page. The budget bounds a run to 99,000 conversations.
 */
import { cutAtCharacter } from '../../shared/text-cut.js'
import { byName, TopN } from '../compare/top-n.js'

export interface QuestionGroup {
  query: string
  count: number
  /** When it was last asked (epoch ms; 0 when unknown). */
  latestMs: number
  /** The group's most frequent page URL (the most recent on a tie); null when none is known. */
  pageUrl: string | null
}

/** Longer questions and URLs are grouped by their start and kept to this length (the prompt shows less). */
const KEY_MAX_CHARS = 500

/** Case- and space-insensitive: "How do I  Deploy?" and "how do i deploy?" are one question. */
export function groupKey(query: string): string {
  return cutAtCharacter(query.toLowerCase().replace(/\s+/g, ' ').trim(), KEY_MAX_CHARS)
}

interface Asked {
  query: string
  ms: number
  page: string
}

interface PageCount {
  page: string
  count: number
  latestMs: number
}

interface Group {
  count: number
  latest: Asked
  pages: Map<string, PageCount>
}

/** Most asked first, then most recent, then by wording so the order never depends on arrival. */
const byAsked = (a: QuestionGroup, b: QuestionGroup): number =>
  b.count - a.count || b.latestMs - a.latestMs || byName(a.query, b.query)

/** Later; at the same time, first by page, then wording, so the latest never depends on arrival. */
const isLater = (a: Asked, b: Asked): boolean =>
  a.ms > b.ms || (a.ms === b.ms && (byName(a.page, b.page) || byName(a.query, b.query)) < 0)

const byFrequency = (a: PageCount, b: PageCount): number =>
  b.count - a.count || b.latestMs - a.latestMs || byName(a.page, b.page)

export class QuestionGroups {
  private readonly groups = new Map<string, Group>()

  add(query: string, timestampMs: number, pageUrl: string | null): void {
    const asked: Asked = {
      query: cutAtCharacter(query, KEY_MAX_CHARS),
      ms: timestampMs,
      page: cutAtCharacter(pageUrl ?? '', KEY_MAX_CHARS)
    }
    const key = groupKey(query)
    let group = this.groups.get(key)
    if (group === undefined) {
      group = { count: 0, latest: asked, pages: new Map() }
      this.groups.set(key, group)
    }
    group.count++
    if (isLater(asked, group.latest)) group.latest = asked
    if (asked.page === '') return
    const page = group.pages.get(asked.page)
    if (page === undefined) {
      group.pages.set(asked.page, { page: asked.page, count: 1, latestMs: asked.ms })
      return
    }
    page.count++
    page.latestMs = Math.max(page.latestMs, asked.ms)
  }

  top(n: number): QuestionGroup[] {
    const best = new TopN<QuestionGroup>(n, byAsked)
    for (const { count, latest, pages } of this.groups.values()) {
      const [page] = [...pages.values()].sort(byFrequency)
      best.add({ query: latest.query, count, latestMs: latest.ms, pageUrl: page?.page ?? null })
    }
    return best.sorted().map(g => ({ ...g, latestMs: Math.max(0, g.latestMs) }))
  }
}
