/**
 * The N best items of a stream, in O(N) memory: a min-heap whose root is the item the next better one
 * replaces. `rank(a, b)` is negative when `a` ranks above `b`; ties must be broken by the caller
 * (say, by name) so the result does not depend on the order items arrive in.
 */
export class TopN<T> {
  /** Heap ordered so that heap[0] is the lowest-ranked item kept. */
  private readonly heap: T[] = []

  constructor(
    readonly capacity: number,
    private readonly rank: (a: T, b: T) => number
  ) {
    if (!Number.isInteger(capacity) || capacity < 0) {
      throw new RangeError(`TopN capacity must be a whole number, got ${capacity}`)
    }
  }

  get size(): number {
    return this.heap.length
  }

  add(item: T): void {
    if (this.capacity === 0) return
    if (this.heap.length < this.capacity) {
      this.heap.push(item)
      this.siftUp(this.heap.length - 1)
      return
    }
    // Replace the lowest kept item only when the new one ranks above it.
    if (this.rank(item, this.heap[0]) < 0) {
      this.heap[0] = item
      this.siftDown(0)
    }
  }

  addAll(items: Iterable<T>): void {
    for (const item of items) this.add(item)
  }

  sorted(): T[] {
    return [...this.heap].sort(this.rank)
  }

  /** True when `a` should sit above `b` in the heap (a ranks lower). */
  private lower(a: T, b: T): boolean {
    return this.rank(a, b) > 0
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

/** Names in code-point order: the tie-break every ranking here uses. */
export function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
