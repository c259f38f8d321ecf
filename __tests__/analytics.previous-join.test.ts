/**
 * The comparison's join: each row of this period takes its previous total (a path listed twice
 * before is summed, a path listed twice now takes it once) and keeps the service's order; pages only
 * in the previous period are "gone" (fallers).
 */
import { describe, expect, it } from '@jest/globals'
import { Comparison, type ComparedRow } from '../src/analytics/compare/comparison.js'
import { PreviousJoin } from '../src/analytics/compare/previous-join.js'
import type { PageViewRow } from '../src/mintlify/types.js'

const row = (path: string, total: number): PageViewRow => ({ path, human: total, ai: 0, total })

/** Joins the previous period with this one, this period's rows arriving in pages of `pageSize`. */
function joinAll(previous: PageViewRow[], current: PageViewRow[], pageSize = 2) {
  const join = new PreviousJoin()
  join.addPrevious(previous)
  const comparison = new Comparison(
    { dateFrom: '2024-01-01', dateTo: '2024-01-08', totals: { human: 0, ai: 0, total: 0 } },
    10
  )
  const written: ComparedRow[] = []
  for (let at = 0; at < current.length; at += pageSize) {
    written.push(...join.join(current.slice(at, at + pageSize), comparison))
  }
  join.tallyGone(comparison)
  return { written, summary: comparison.finish({ human: 0, ai: 0, total: 0 }) }
}

describe('PreviousJoin', () => {
  it('gives each row its previous total in the service order, and reports gone pages', () => {
    // The service sends rows by total, not by path; a path listed twice before is summed.
    const { written, summary } = joinAll(
      [row('/z', 50), row('/gone', 40), row('/a', 30), row('/a', 5), row('/zz-gone', 1)],
      [row('/new', 90), row('/z', 60), row('/m', 10), row('/a', 1)]
    )
    expect(written.map(r => [r.path, r.previousTotal, r.change])).toEqual([
      ['/new', 0, 90],
      ['/z', 50, 10],
      ['/m', 0, 10],
      ['/a', 35, -34]
    ])
    expect(summary.fallers.map(r => [r.path, r.change])).toEqual([
      ['/gone', -40],
      ['/a', -34],
      ['/zz-gone', -1]
    ])
    expect(summary.newPages.map(r => r.path)).toEqual(['/new', '/m'])
  })

  it('a path listed twice in this period takes its previous total on its first row only', () => {
    const { written, summary } = joinAll(
      [row('/a', 30)],
      [row('/a', 40), row('/b', 5), row('/a', 2)]
    )
    expect(written.map(r => [r.path, r.previousTotal, r.change])).toEqual([
      ['/a', 30, 10],
      ['/b', 0, 5],
      ['/a', 0, 2]
    ])
    expect(summary.fallers).toEqual([])
    expect(summary.newPageCount).toBe(2)
  })

  it('joins thousands of rows, page by page, equal to a join computed apart', () => {
    const previous = Array.from({ length: 3000 }, (_, i) => row(`/p${(i * 7) % 3001}`, i % 13))
    const current = Array.from({ length: 2500 }, (_, i) => row(`/p${(i * 11) % 4001}`, i % 17))
    const { written } = joinAll(previous, current, 250)
    const before = new Map<string, number>()
    for (const r of previous) before.set(r.path, (before.get(r.path) ?? 0) + r.total)
    expect(written).toEqual(
      current.map(r => ({
        ...r,
        previousTotal: before.get(r.path) ?? 0,
        change: r.total - (before.get(r.path) ?? 0)
      }))
    )
  })
})
