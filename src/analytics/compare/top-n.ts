/** The N best of a stream in O(N) memory. `rank` must break ties (say, by name) so arrival order never shows. */
export class TopN<T> {
  private readonly kept: T[] = []

  constructor(
    readonly capacity: number,
    private readonly rank: (a: T, b: T) => number
  ) {
    if (!Number.isInteger(capacity) || capacity < 0) {
      throw new RangeError(`TopN capacity must be a whole number, got ${capacity}`)
    }
  }

  get size(): number {
    return this.kept.length
  }

  add(item: T): void {
    const { kept } = this
    if (kept.length === this.capacity) {
      if (this.capacity === 0 || this.rank(item, kept[kept.length - 1]) >= 0) return
      kept.pop()
    }
    let low = 0
    let high = kept.length
    while (low < high) {
      const mid = (low + high) >> 1
      if (this.rank(kept[mid], item) <= 0) low = mid + 1
      else high = mid
    }
    kept.splice(low, 0, item)
  }

  addAll(items: Iterable<T>): void {
    for (const item of items) this.add(item)
  }

  sorted(): T[] {
    return [...this.kept]
  }
}

/** Names in code-point order: the tie-break every ranking here uses. */
export function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
