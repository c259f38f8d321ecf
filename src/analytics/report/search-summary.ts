/** The searches summary in bounded memory; gaps rank by missed searches: 57 matter more than 4. */
import type { SearchRow } from '../../mintlify/analytics-types.js'
import { byName, TopN } from '../compare/top-n.js'

export const GAP_MIN_HITS = 3
export const GAP_MAX_CTR = 0.1
export const PROMPT_MAX_ITEMS = 10

export interface SearchSummary {
  totalSearches: number
  top: SearchRow[]
  gaps: SearchRow[]
  gapCount: number
}

const byHits = (a: SearchRow, b: SearchRow): number =>
  b.hits - a.hits || byName(a.searchQuery, b.searchQuery)
/** The searches that found nothing worth clicking: searches × (1 − click-through). */
export function missedSearches(row: SearchRow): number {
  return row.hits * (1 - Math.min(1, Math.max(0, row.ctr)))
}

const byGap = (a: SearchRow, b: SearchRow): number =>
  missedSearches(b) - missedSearches(a) || byHits(a, b)

export class SearchTally {
  private readonly top: TopN<SearchRow>
  private readonly gaps: TopN<SearchRow>
  private gapCount = 0
  private totalSearches: number | undefined

  constructor(rows: number) {
    this.top = new TopN(rows, byHits)
    this.gaps = new TopN(Math.max(rows, PROMPT_MAX_ITEMS), byGap)
  }

  /** The first page's total is site-wide. */
  setTotal(totalSearches: number): void {
    this.totalSearches ??= totalSearches
  }

  addAll(rows: readonly SearchRow[]): void {
    for (const row of rows) {
      this.top.add(row)
      if (row.hits >= GAP_MIN_HITS && row.ctr < GAP_MAX_CTR) {
        this.gapCount++
        this.gaps.add(row)
      }
    }
  }

  summary(): SearchSummary {
    return {
      totalSearches: this.totalSearches ?? 0,
      top: this.top.sorted(),
      gaps: this.gaps.sorted(),
      gapCount: this.gapCount
    }
  }
}
