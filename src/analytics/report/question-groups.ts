/** Unanswered questions grouped for the prompt, each with its latest wording and most frequent page. */
import { cutAtCharacter } from '../../shared/text-cut.js'
import { byName, TopN } from '../compare/top-n.js'

export interface QuestionGroup {
  query: string
  count: number
  latestMs: number
  pageUrl: string | null
}

/** Longer questions and URLs are grouped by their start and kept to this length (the prompt shows less). */
const KEY_MAX_CHARS = 500

export function groupKey(query: string): string {
  return cutAtCharacter(query.toLowerCase().replace(/\s+/g, ' ').trim(), KEY_MAX_CHARS)
}

type Asked = { query: string; ms: number; page: string }

type PageCount = { page: string; count: number; latestMs: number }

type Group = { count: number; latest: Asked; pages: Map<string, PageCount> }

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
    const group = this.groups.get(key) ?? { count: 0, latest: asked, pages: new Map() }
    this.groups.set(key, group)
    group.count++
    if (isLater(asked, group.latest)) group.latest = asked
    if (asked.page === '') return
    const page = group.pages.get(asked.page) ?? { page: asked.page, count: 0, latestMs: asked.ms }
    group.pages.set(asked.page, page)
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
