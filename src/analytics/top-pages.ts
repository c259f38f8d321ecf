/**
 * The N most viewed pages of a stream of rows, in O(N) memory: a min-heap whose root is the row the
 * next better one replaces. Ties in total go to the path that sorts first, so the result does not
 * depend on the order the service sends rows in.
 */
import type { PageViewRow } from '../mintlify/types.js'

/** Negative when `a` ranks above `b`: more total views, then the path that sorts first. */
export function compareRank(a: PageViewRow, b: PageViewRow): number {
  if (a.total !== b.total) return b.total - a.total
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0
}

export class TopPages {
  /** Heap ordered so that heap[0] is the lowest-ranked row kept. */
  private readonly heap: PageViewRow[] = []

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 0) {
      throw new RangeError(`TopPages capacity must be a whole number, got ${capacity}`)
    }
  }

  get size(): number {
    return this.heap.length
  }

  add(row: PageViewRow): void {
    if (this.capacity === 0) return
    if (this.heap.length < this.capacity) {
      this.heap.push({ ...row })
      this.siftUp(this.heap.length - 1)
      return
    }
    // Replace the lowest kept row only when the new one ranks above it.
    if (compareRank(row, this.heap[0]) < 0) {
      this.heap[0] = { ...row }
      this.siftDown(0)
    }
  }

  addAll(rows: Iterable<PageViewRow>): void {
    for (const row of rows) this.add(row)
  }

  /** The kept rows, best first. */
  sorted(): PageViewRow[] {
    return [...this.heap].sort(compareRank)
  }

  /** True when `a` should sit above `b` in the heap (a ranks lower). */
  private lower(a: PageViewRow, b: PageViewRow): boolean {
    return compareRank(a, b) > 0
  }

  private siftUp(index: number): void {
    let child = index
    while (child > 0) {
      const parent = (child - 1) >> 1
      if (!this.lower(this.heap[child], this.heap[parent])) return
      this.swap(child, parent)
      child = parent
    }
  }

  private siftDown(index: number): void {
    let parent = index
    for (;;) {
      const left = parent * 2 + 1
      const right = left + 1
      let lowest = parent
      if (left < this.heap.length && this.lower(this.heap[left], this.heap[lowest])) lowest = left
      if (right < this.heap.length && this.lower(this.heap[right], this.heap[lowest]))
        lowest = right
      if (lowest === parent) return
      this.swap(parent, lowest)
      parent = lowest
    }
  }

  private swap(i: number, j: number): void {
    const held = this.heap[i]
    this.heap[i] = this.heap[j]
    this.heap[j] = held
  }
}
