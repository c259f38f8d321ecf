/** `compare: previous`: the previous totals kept by path, so this period's rows stream out in the service's order. */
import type { PageViewRow } from '../../mintlify/types.js'
import type { Comparison, ComparedRow } from './comparison.js'

export class PreviousJoin {
  private readonly before = new Map<string, number>()

  addPrevious(rows: readonly PageViewRow[]): void {
    for (const { path, total } of rows) this.before.set(path, (this.before.get(path) ?? 0) + total)
  }

  /** A path's previous total goes to its first row. */
  join(rows: readonly PageViewRow[], comparison: Comparison): ComparedRow[] {
    return rows.map(row => {
      const previousTotal = this.before.get(row.path) ?? 0
      this.before.delete(row.path)
      return comparison.compare(row, previousTotal)
    })
  }

  /** Once, after this period's last row. */
  tallyGone(comparison: Comparison): void {
    for (const [path, previousTotal] of this.before) comparison.gone(path, previousTotal)
    this.before.clear()
  }
}
