/**
 * The N most viewed pages of a stream of rows, in O(N) memory. Ties in total go to the path that
 * sorts first, so the result does not depend on the order the service sends rows in.
 */
import type { PageViewRow } from '../../mintlify/types.js'
import { byName, TopN } from '../compare/top-n.js'

/** Negative when `a` ranks above `b`: more total views, then the path that sorts first. */
export function compareRank(a: PageViewRow, b: PageViewRow): number {
  if (a.total !== b.total) return b.total - a.total
  return byName(a.path, b.path)
}

export class TopPages extends TopN<PageViewRow> {
  constructor(capacity: number) {
    super(capacity, compareRank)
  }

  /** Keeps a copy: the caller's row objects may be reused. */
  override add(row: PageViewRow): void {
    super.add({ path: row.path, human: row.human, ai: row.ai, total: row.total })
  }
}
