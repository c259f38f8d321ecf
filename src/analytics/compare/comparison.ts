/** `compare: previous`, pure: bounded lists of risers, fallers and new pages. */
import type { PageViewRow, ViewTotals } from '../../mintlify/types.js'
import { byName, TopN } from './top-n.js'

export type ComparedRow = PageViewRow & { previousTotal: number; change: number }

interface ChangeOf {
  previous: number
  current: number
  absolute: number
  /** Signed percent with one decimal (`+12.5`, `-3.0`); empty when the previous value is 0. */
  percent: string
}

export interface ComparisonSummary {
  previous: { dateFrom: string; dateTo: string; totals: ViewTotals }
  change: { human: ChangeOf; ai: ChangeOf; total: ChangeOf }
  risers: ComparedRow[]
  fallers: ComparedRow[]
  newPages: ComparedRow[]
  newPageCount: number
}

/** As the `change` output shows it; empty when there is nothing to divide by. */
export function changePercent(current: number, previous: number): string {
  if (previous <= 0) return ''
  const value = Math.round(((current - previous) / previous) * 1000) / 10
  if (value === 0) return '0.0'
  return `${value > 0 ? '+' : ''}${value.toFixed(1)}`
}

const changeOf = (current: number, previous: number): ChangeOf => ({
  previous,
  current,
  absolute: current - previous,
  percent: changePercent(current, previous)
})

const byRise = (a: ComparedRow, b: ComparedRow): number =>
  b.change - a.change || byName(a.path, b.path)
const byFall = (a: ComparedRow, b: ComparedRow): number =>
  a.change - b.change || byName(a.path, b.path)
const byTotal = (a: ComparedRow, b: ComparedRow): number =>
  b.total - a.total || byName(a.path, b.path)

export class Comparison {
  private readonly risers: TopN<ComparedRow>
  private readonly fallers: TopN<ComparedRow>
  private readonly newPages: TopN<ComparedRow>
  private newPageCount = 0

  constructor(
    private readonly previous: { dateFrom: string; dateTo: string; totals: ViewTotals },
    capacity: number
  ) {
    this.risers = new TopN(capacity, byRise)
    this.fallers = new TopN(capacity, byFall)
    this.newPages = new TopN(capacity, byTotal)
  }

  compare(row: PageViewRow, previousTotal: number): ComparedRow {
    const compared = { ...row, previousTotal, change: row.total - previousTotal }
    this.tally(compared)
    if (previousTotal === 0 && row.total > 0) {
      this.newPageCount++
      this.newPages.add(compared)
    }
    return compared
  }

  gone(path: string, previousTotal: number): void {
    this.tally({ path, human: 0, ai: 0, total: 0, previousTotal, change: -previousTotal })
  }

  finish(totals: ViewTotals): ComparisonSummary {
    const before = this.previous.totals
    return {
      previous: this.previous,
      change: {
        human: changeOf(totals.human, before.human),
        ai: changeOf(totals.ai, before.ai),
        total: changeOf(totals.total, before.total)
      },
      risers: this.risers.sorted(),
      fallers: this.fallers.sorted(),
      newPages: this.newPages.sorted(),
      newPageCount: this.newPageCount
    }
  }

  /** A page new in this period is no riser: it has its own list (newPages). */
  private tally(row: ComparedRow): void {
    if (row.change > 0 && row.previousTotal > 0) this.risers.add(row)
    if (row.change < 0) this.fallers.add(row)
  }
}
