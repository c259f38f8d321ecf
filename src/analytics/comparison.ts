/**
 * `compare: previous`, pure: the previous period's per-page totals (read first, one number a page)
 * joined with this period's rows as they stream past. Each matched page leaves the map, so what is
 * left at the end are the pages that had traffic before and none now (fallers too). Risers, fallers
 * and new pages are kept in bounded top-N tallies.
 */
import type { PageViewRow, ViewTotals } from '../mintlify/types.js'
import { byName, TopN } from './top-n.js'

export interface ComparedRow extends PageViewRow {
  previousTotal: number
  /** total − previousTotal. */
  change: number
}

export interface ChangeOf {
  previous: number
  current: number
  /** current − previous. */
  absolute: number
  /** Signed percent with one decimal (`+12.5`, `-3.0`); empty when the previous value is 0. */
  percent: string
}

export interface ComparisonSummary {
  previous: { dateFrom: string; dateTo: string; totals: ViewTotals }
  change: { human: ChangeOf; ai: ChangeOf; total: ChangeOf }
  risers: ComparedRow[]
  fallers: ComparedRow[]
  /** Pages with traffic now and a previous total of 0, most first. */
  newPages: ComparedRow[]
  newPageCount: number
}

/** The change in percent as the `change` output shows it; empty when there is nothing to divide by. */
export function changePercent(current: number, previous: number): string {
  if (previous <= 0) return ''
  const value = Math.round(((current - previous) / previous) * 1000) / 10
  if (value === 0) return '0.0'
  return `${value > 0 ? '+' : ''}${value.toFixed(1)}`
}

export function changeOf(current: number, previous: number): ChangeOf {
  return {
    previous,
    current,
    absolute: current - previous,
    percent: changePercent(current, previous)
  }
}

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
    /** Path → previous total; emptied as pages match. */
    private readonly previousTotals: Map<string, number>,
    private readonly previous: { dateFrom: string; dateTo: string; totals: ViewTotals },
    capacity: number
  ) {
    this.risers = new TopN(capacity, byRise)
    this.fallers = new TopN(capacity, byFall)
    this.newPages = new TopN(capacity, byTotal)
  }

  /** This period's row with its previous total and change; tallied. */
  compare(row: PageViewRow): ComparedRow {
    const previousTotal = this.previousTotals.get(row.path) ?? 0
    this.previousTotals.delete(row.path)
    const compared = { ...row, previousTotal, change: row.total - previousTotal }
    this.tally(compared)
    if (previousTotal === 0 && row.total > 0) {
      this.newPageCount++
      this.newPages.add(compared)
    }
    return compared
  }

  finish(totals: ViewTotals): ComparisonSummary {
    // Pages seen only in the previous period: all of their traffic is gone.
    for (const [path, previousTotal] of this.previousTotals) {
      this.tally({ path, human: 0, ai: 0, total: 0, previousTotal, change: -previousTotal })
    }
    this.previousTotals.clear()
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

  private tally(row: ComparedRow): void {
    if (row.change > 0) this.risers.add(row)
    if (row.change < 0) this.fallers.add(row)
  }
}
