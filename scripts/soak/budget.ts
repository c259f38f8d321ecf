/**
 * Invariants 4 and 5, from the month table. Four: the requests per run of each kind (the median run,
 * GitHub and the service apart) in the last month are at most those of the first month plus 2: cost
 * does not grow with history. Compared beyond the requests made per item of a run's work (job reads
 * while polling, a digest's listing pages, files reads and notes), which follow that day's merges and
 * the job's duration, not the history; the table shows both. Five: the agent uses of a month stay within the daily digests, the
 * weekly gaps job and the people's requests (≤ 31 + 5 + requests).
 */
import { RUN_KINDS } from './harness.js'
import type { Violation } from './state.js'
import type { MonthStats } from './table.js'

export function checkFlatCost(stats: MonthStats[]): Violation[] {
  if (stats.length < 2) return []
  const [first, last] = [stats[0], stats[stats.length - 1]]
  const violations: Violation[] = []
  for (const kind of RUN_KINDS) {
    const [a, b] = [first.get(kind), last.get(kind)]
    if (!a || !b || a.runs === 0 || b.runs === 0) continue
    for (const side of ['githubBeyond', 'serviceBeyond'] as const) {
      if (b[side].median <= a[side].median + 2) continue
      violations.push({
        invariant: 4,
        text: `${kind}: ${side === 'githubBeyond' ? 'GitHub' : 'service'} requests a run beyond the per-item ones (median) ${b[side].median} in month ${stats.length}, ${a[side].median} in month 1`
      })
    }
  }
  return violations
}

export function checkUses(stats: MonthStats[], requests: number[]): Violation[] {
  const violations: Violation[] = []
  for (const [m, month] of stats.entries()) {
    const uses = [...month.values()].reduce((sum, s) => sum + s.uses, 0)
    const bound = 31 + 5 + requests[m]
    if (uses > bound) {
      violations.push({
        invariant: 5,
        text: `month ${m + 1}: ${uses} agent uses, more than 31 + 5 + ${requests[m]} = ${bound}`
      })
    }
  }
  return violations
}
