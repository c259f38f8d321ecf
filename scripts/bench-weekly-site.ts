/**
 * A docs site's week as the weekly report reads it, for scripts/bench-weekly.ts: N pages with views
 * this week, the week before and the week before that (the impact section's baseline), a day's totals
 * for each day of the two weeks, N search terms, N/5 feedback entries, 2N assistant conversations,
 * and in the docs repository 12 pull requests merged the week before, each touching two pages.
 */
import { generatedRows, type TrafficTotals } from '../fakes/analytics-data.js'
import type { GitHubFake } from '../fakes/github-fake.js'
import type { FeedbackItem, SearchTerm, ServiceEmulator } from '../fakes/service-emulator.js'

/** Monday 06:00 UTC, when the recipe's schedule runs: `-7d` … `-0d` is the week before. */
export const NOW = Date.parse('2024-03-11T06:00:00Z')
export const ISSUE = 12

const DAY = 86_400_000
/** This week, the week before (compared, and when the docs changes were merged), the baseline. */
const WEEKS = ['2024-03-04', '2024-02-26', '2024-02-19']
const MERGED_PRS = 12

const date = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

/** Every fifth term is a gap: searched, almost nothing clicked. */
function searchTerm(i: number): SearchTerm {
  const gap = i % 5 === 0
  return {
    searchQuery: `how to configure option ${i}`,
    hits: Math.max(1, 500 - (i % 500)),
    ctr: gap ? 0.02 : 0.45,
    topClickedPage: gap ? null : `/docs/page-${i}`,
    lastSearchedAt: `${date(NOW - (1 + (i % 7)) * DAY)}T10:00:00Z`
  }
}

/** A third of the entries are negative, half of those with a comment. */
function feedbackEntry(i: number, pages: number): FeedbackItem {
  const negative = i % 3 === 0
  return {
    id: `fb_${i}`,
    path: `/docs/page-${(i * 37) % pages}`,
    comment: negative && i % 2 === 0 ? `The example on this page does not work (${i})` : null,
    createdAt: `${date(NOW - (1 + (i % 7)) * DAY)}T09:00:00Z`,
    source: 'contextual',
    status: 'pending',
    helpful: !negative,
    contact: null
  }
}

/** A seventh of the week's totals on each of its days. */
function dayTotals(from: string, totals: TrafficTotals): Record<string, TrafficTotals> {
  const days: Record<string, TrafficTotals> = {}
  const start = Date.parse(`${from}T00:00:00Z`)
  for (let d = 0; d < 7; d++) {
    days[date(start + d * DAY)] = {
      human: Math.round(totals.human / 7),
      ai: Math.round(totals.ai / 7),
      total: Math.round(totals.human / 7) + Math.round(totals.ai / 7)
    }
  }
  return days
}

function seedService(emulator: ServiceEmulator, pages: number): void {
  WEEKS.forEach((from, variant) => {
    emulator.generatePageViews(pages, from, variant)
    if (variant < 2) emulator.setDayTotals(dayTotals(from, generatedRows(pages, variant).totals))
  })
  emulator.setSearches(Array.from({ length: pages }, (_, i) => searchTerm(i)))
  emulator.setFeedback(Array.from({ length: pages / 5 }, (_, i) => feedbackEntry(i, pages)))
  emulator.setFeedbackByPage(
    Array.from({ length: 10 }, (_, i) => ({
      path: `/docs/page-${i}`,
      thumbsUp: 10,
      thumbsDown: 10 - i,
      code: 0,
      total: 20 - i
    }))
  )
  emulator.generateAssistant(2 * pages)
}

function seedRepository(github: GitHubFake): void {
  github.addIssue('acme', 'docs', { number: ISSUE, title: 'Weekly docs report' })
  for (let n = 1; n <= MERGED_PRS; n++) {
    const mergedAt = `${date(Date.parse(`${WEEKS[1]}T00:00:00Z`) + (n % 7) * DAY)}T10:00:00Z`
    github.addIssue('acme', 'docs', {
      number: 100 + n,
      title: `Docs: clarify page ${n}`,
      pull_request: true,
      merged: { sha: n.toString(16).padStart(40, '0'), at: mergedAt },
      files: [
        { filename: `docs/page-${n}.mdx`, additions: 4, deletions: 1 },
        { filename: `docs/page-${n + 50}.mdx`, additions: 2, deletions: 2 }
      ]
    })
  }
}

/** The week of a site of `pages` pages, in the emulator and the GitHub fake. */
export function seedWeeklySite(
  { emulator, github }: { emulator: ServiceEmulator; github: GitHubFake },
  pages: number
): void {
  seedService(emulator, pages)
  seedRepository(github)
}
