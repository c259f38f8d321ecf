/** A seeded random source (mulberry32): the same seed gives the same year, run for run. */
export class Random {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]
  }

  /** A name by its weight. */
  weighted<T extends string>(weights: Readonly<Record<T, number>>): T {
    const entries = Object.entries(weights) as [T, number][]
    let left = this.next() * entries.reduce((sum, [, w]) => sum + w, 0)
    for (const [name, weight] of entries) {
      left -= weight
      if (left < 0) return name
    }
    return entries[entries.length - 1][0]
  }

  /** A child source of its own, so one part's draws never shift another's. */
  fork(): Random {
    return new Random(Math.floor(this.next() * 4294967296))
  }
}
