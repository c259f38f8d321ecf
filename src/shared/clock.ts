/**
 * Time as a parameter: the poll loop and the retry policy take a Clock, so tests and the benchmark
 * can drive them in virtual time while the action uses the real one.
 */
export interface Clock {
  now(): number
  /** Resolves after `ms`; rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason)
        return
      }
      const onAbort = (): void => {
        clearTimeout(timer)
        reject(signal?.reason)
      }
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort)
          resolve()
        },
        Math.max(0, ms)
      )
      signal?.addEventListener('abort', onAbort, { once: true })
    })
}

/** A clock whose sleeps return at once and advance its time: for benchmarks and fast tests. */
export class VirtualClock implements Clock {
  constructor(private time = 0) {}
  now(): number {
    return this.time
  }
  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted()
    this.time += Math.max(0, ms)
  }
}
