/**
 * The pure rules of "Did last period's changes help?" (docs/behaviour.md): the three periods, which files are
 * pages and what their paths are, the pooled negative share, and the table's cells.
 */
import { describe, expect, it } from '@jest/globals'
import { parseDate } from '../src/shared/dates.js'
import { pooledShare, sums, type PageImpact } from '../src/analytics/impact/figures.js'
import { pagePath, touchedPages } from '../src/analytics/impact/pages.js'
import { impactPeriods, inPeriod } from '../src/analytics/impact/periods.js'
import { shareCell, viewsCell } from '../src/analytics/impact/section.js'

const today = new Date('2024-03-10T12:00:00Z')

function periods(from: string, to: string) {
  const parse = (raw: string) => {
    const parsed = parseDate(raw, today)
    if (!parsed) throw new Error(`not a date: ${raw}`)
    return parsed
  }
  return impactPeriods(parse(from), parse(to))
}

describe('the periods: R the report range, P the same length before it, B the same length before P', () => {
  it('keeps whole days as YYYY-MM-DD', () => {
    const { range, previous, baseline } = periods('-7d', '-0d')
    expect([range.dateFrom, range.dateTo]).toEqual(['2024-03-03', '2024-03-10'])
    expect([previous.dateFrom, previous.dateTo]).toEqual(['2024-02-25', '2024-03-03'])
    expect([baseline.dateFrom, baseline.dateTo]).toEqual(['2024-02-18', '2024-02-25'])
  })

  it('crosses a month of any length by days, not by calendar months', () => {
    const { previous, baseline } = periods('2024-03-01', '2024-03-31')
    expect([previous.dateFrom, previous.dateTo]).toEqual(['2024-01-31', '2024-03-01'])
    expect([baseline.dateFrom, baseline.dateTo]).toEqual(['2024-01-01', '2024-01-31'])
  })

  it('gives date-times as ISO 8601 in UTC when an end has a time', () => {
    const { previous, baseline } = periods('2024-03-10T06:00:00Z', '2024-03-10T12:00:00Z')
    expect(previous.dateFrom).toBe('2024-03-10T00:00:00.000Z')
    expect(previous.dateTo).toBe('2024-03-10T06:00:00Z')
    expect([baseline.dateFrom, baseline.dateTo]).toEqual([
      '2024-03-09T18:00:00.000Z',
      '2024-03-10T00:00:00.000Z'
    ])
  })

  it('counts a merge at the start of P in P, and one at its end in R', () => {
    const { previous } = periods('-7d', '-0d')
    expect(inPeriod('2024-02-25T00:00:00Z', previous)).toBe(true)
    expect(inPeriod('2024-03-02T23:59:59Z', previous)).toBe(true)
    expect(inPeriod('2024-03-03T00:00:00Z', previous)).toBe(false)
    expect(inPeriod('2024-02-24T23:59:59Z', previous)).toBe(false)
  })
})

describe('which changed files are pages, and their paths', () => {
  it.each([
    ['docs/guides/index.mdx', 'docs', '/guides'],
    ['docs/index.mdx', 'docs', '/'],
    ['index.md', '', '/'],
    ['docs/api/auth.md', 'docs', '/api/auth'],
    ['api/Auth.MDX', '', '/api/Auth'],
    ['guides/index/setup.mdx', '', '/guides/index/setup'],
    ['apps/site/docs/a.mdx', 'apps/site/docs', '/a']
  ])('%s under %j is the page %s', (file, root, path) => {
    expect(pagePath(file, root)).toBe(path)
  })

  it.each([
    ['docs/image.png', 'docs'],
    ['docs/notes.txt', 'docs'],
    ['README.md', 'docs'],
    ['docsite/a.mdx', 'docs'],
    ['docs/a.mdx.bak', 'docs'],
    ['src/component.tsx', '']
  ])('%s under %j is no page', (file, root) => {
    expect(pagePath(file, root)).toBeUndefined()
  })

  it('counts a renamed file under its new path, lists a removed one as removed, and a page once', () => {
    const pages = touchedPages(
      [
        { path: 'docs/new.mdx', status: 'renamed' },
        { path: 'docs/gone.md', status: 'removed' },
        { path: 'docs/fresh.mdx', status: 'added' },
        { path: 'docs/same.md', status: 'changed' },
        { path: 'docs/same.mdx', status: 'modified' }
      ],
      'docs'
    )
    expect(pages).toEqual([
      { path: '/new', status: 'renamed' },
      { path: '/gone', status: 'removed' },
      { path: '/fresh', status: 'added' },
      { path: '/same', status: 'modified' }
    ])
  })
})

function page(
  views: [number, number],
  before: [number, number] | null,
  after: [number, number] | null
): PageImpact {
  const counts = (c: [number, number] | null) => (c ? { thumbsDown: c[0], total: c[1] } : null)
  return {
    path: '/p',
    status: 'modified',
    views: { before: views[0], after: views[1] },
    feedback: { before: counts(before), after: counts(after) }
  }
}

describe('the pooled negative share and the cells', () => {
  it('pools thumbs down over the total of the pages with a figure, not the mean of their shares', () => {
    // 1 of 2 and 0 of 18: the mean of the two shares would be 25 %; pooled, 1 of 20 is 5 %.
    expect(
      pooledShare([
        { thumbsDown: 1, total: 2 },
        { thumbsDown: 0, total: 18 }
      ])
    ).toBe(0.05)
    expect(pooledShare([null, { thumbsDown: 3, total: 4 }])).toBe(0.75)
    expect(pooledShare([null, null])).toBeNull()
    expect(pooledShare([])).toBeNull()
  })

  it('sums views over the pages and pools each period on its own pages', () => {
    const figures = sums([page([10, 20], [1, 4], null), page([5, 0], null, [2, 8])])
    expect(figures).toEqual({
      views: { before: 15, after: 20 },
      negative: { before: 0.25, after: 0.25 }
    })
  })

  it('shows "–" where there is no figure, and no percent change from zero views', () => {
    expect(shareCell(null)).toBe('–')
    expect(shareCell(0)).toBe('0.0%')
    expect(shareCell(1 / 3)).toBe('33.3%')
    expect(viewsCell({ before: 0, after: 12 })).toBe('0 → 12 (+12)')
    expect(viewsCell({ before: 1200, after: 900 })).toBe('1,200 → 900 (-300, -25.0%)')
    expect(viewsCell({ before: 4, after: 4 })).toBe('4 → 4 (0, 0.0%)')
  })
})
