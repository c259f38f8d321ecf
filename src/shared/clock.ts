/**
 * Time as the runtime carries it: `now` for deadlines and durations, `sleep` for a wait the action
 * takes itself (a Retry-After beyond p-retry's own backoff). Tests and the bench make it virtual by
 * faking the timers underneath (fakes/virtual-time.ts), so p-retry's waits are virtual too.
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
      signal?.throwIfAborted()
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
