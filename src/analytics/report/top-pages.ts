/** The N most viewed pages of a stream; ties go to the path that sorts first. */
import type { PageViewRow } from '../../mintlify/types.js'
import { byName, TopN } from '../compare/top-n.js'

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
