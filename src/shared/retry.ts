/**
 * The one retry loop of the action, on p-retry: p-retry counts the attempts and waits its own
 * exponential backoff; a pure policy per client decides which failures are worth another attempt and
 * names the least wait the server asked for (Retry-After), which is waited on top when it is longer.
 */
import pRetry from 'p-retry'
import type { Runtime } from './runtime.js'

/** p-retry's backoff: the n-th retry waits minTimeoutMs * factor^(n-1) (times 1 to 2 when randomized), capped. */
export interface Backoff {
  retries: number
  minTimeoutMs: number
  factor: number
  maxTimeoutMs: number
  randomize: boolean
}

export type RetryDecision =
  | { retry: false; reason: string }
  /** atLeastMs: the server's own wait (Retry-After), when it named one. */
  | { retry: true; reason: string; atLeastMs?: number }

export interface RetryPolicy {
  backoff: Backoff
  /** Pure: about the attempt numbered `attempt` (from 1) that failed with `error`, at time `now`. */
  decide(error: unknown, attempt: number, now: number, random: () => number): RetryDecision
}

export interface RetryInfo {
  /** The attempt that failed, from 1. */
  attempt: number
  delayMs: number
  reason: string
  error: unknown
}

export interface RetryCall {
  /** Epoch ms: a wait that would pass it is not taken, and the last error is thrown. */
  deadline?: number
  /** Per-attempt timeout, joined to the signal each attempt receives. */
  attemptTimeoutMs?: number
  /** Replaces the run's signal for this call; null: not stopped by a cancel at all. */
  signal?: AbortSignal | null
  onRetry?: (info: RetryInfo) => void
}

/** The caller's signal joined with a per-attempt timeout. */
function attemptSignal(
  signal: AbortSignal | undefined,
  timeoutMs: number | undefined
): AbortSignal | undefined {
  if (!timeoutMs || timeoutMs <= 0) return signal
  const timeout = AbortSignal.timeout(timeoutMs)
  return signal === undefined ? timeout : AbortSignal.any([signal, timeout])
}

export async function retrying<T>(
  call: (signal?: AbortSignal) => Promise<T>,
  policy: RetryPolicy,
  rt: Runtime,
  options: RetryCall = {}
): Promise<T> {
  const signal = options.signal === undefined ? rt.signal : (options.signal ?? undefined)
  const { backoff } = policy
  return pRetry(() => call(attemptSignal(signal, options.attemptTimeoutMs)), {
    retries: backoff.retries,
    minTimeout: backoff.minTimeoutMs,
    factor: backoff.factor,
    maxTimeout: backoff.maxTimeoutMs,
    randomize: backoff.randomize,
    signal,
    shouldRetry: async ({ error, attemptNumber, retryDelay }) => {
      const decision = policy.decide(error, attemptNumber, rt.clock.now(), rt.random)
      if (!decision.retry) return false
      const extraMs = Math.max(0, (decision.atLeastMs ?? 0) - retryDelay)
      const remainingMs =
        options.deadline === undefined ? Infinity : options.deadline - rt.clock.now()
      if (retryDelay + extraMs > remainingMs) return false
      options.onRetry?.({
        attempt: attemptNumber,
        delayMs: retryDelay + extraMs,
        reason: decision.reason,
        error
      })
      // p-retry waits its own delay next; a longer Retry-After is the rest of the wait.
      if (extraMs > 0) await rt.clock.sleep(extraMs, signal)
      return true
    }
  })
}
