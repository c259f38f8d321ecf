/**
 * The join behind `compare: previous`: the previous period's totals kept by path (a path listed twice is
 * summed), so this period's rows reach the file in the service's order as they arrive. The budget bounds
 * a period to 25,000 rows.
 */
import type { PageViewRow } from '../../mintlify/types.js'
import type { Comparison, ComparedRow } from './comparison.js'

export class PreviousJoin {
  /** The previous period's total of each path not yet taken by a row of this period. */
  private readonly before = new Map<string, number>()

  addPrevious(rows: readonly PageViewRow[]): void {
    for (const { path, total } of rows) this.before.set(path, (this.before.get(path) ?? 0) + total)
  }

  /** This period's rows with their previous totals, tallied; a path's total goes to its first row. */
  join(rows: readonly PageViewRow[], comparison: Comparison): ComparedRow[] {
    return rows.map(row => {
      const previousTotal = this.before.get(row.path) ?? 0
      this.before.delete(row.path)
      return comparison.compare(row, previousTotal)
    })
  }

  /** Tallies the pages only the previous period had (call once, after this period's last row). */
  tallyGone(comparison: Comparison): void {
    for (const [path, previousTotal] of this.before) comparison.gone(path, previousTotal)
    this.before.clear()
  }
}
