/**
 * The one retry loop, on p-retry's backoff: a pure policy per client decides which failures are
 * worth another attempt and the least wait the server asked for (Retry-After), waited on top when longer.
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
  /**
   * atLeastMs: the server's own wait (Retry-After), when it named one. uncounted: a wait inside a
   * rate limit's window, which uses no attempt (the deadline bounds it).
   */
  | { retry: true; reason: string; atLeastMs?: number; uncounted?: true }

interface FailedAttempt {
  error: unknown
  attempt: number
  now: number
  /** A number in [0, 1), for jitter. */
  random: () => number
}

export interface RetryPolicy {
  backoff: Backoff
  decide(failed: FailedAttempt): RetryDecision
}

export interface RetryInfo {
  /** The attempt that failed, from 1. */
  attempt: number
  delayMs: number
  reason: string
  error: unknown
}

/**
 * What stops a call early: the run's cancel (the default); a signal of the caller's own instead (a
 * write with a budget of its own); or nothing at all (a report written after the cancel).
 */
export type StopOn = 'run-cancel' | 'nothing' | { signal: AbortSignal }

export function stopSignal(rt: Runtime, stopOn: StopOn = 'run-cancel'): AbortSignal | undefined {
  if (stopOn === 'run-cancel') return rt.signal
  if (stopOn === 'nothing') return undefined
  return stopOn.signal
}

export interface RetryCall {
  policy: RetryPolicy
  /** Epoch ms: a wait that would pass it is not taken, and the last error is thrown. */
  deadline?: number
  /** Per-attempt timeout, joined to the signal each attempt receives. */
  attemptTimeoutMs?: number
  stopOn?: StopOn
  onRetry?: (info: RetryInfo) => void
}

/** The wait before retry number `retry` (from 1), as p-retry computes it. */
export function backoffDelayMs(backoff: Backoff, retry: number, random: () => number): number {
  if (backoff.minTimeoutMs === 0) return 0
  const spread = backoff.randomize ? random() + 1 : 1
  const delay = Math.round(spread * backoff.minTimeoutMs * backoff.factor ** (retry - 1))
  return Math.min(delay, Math.ceil(backoff.maxTimeoutMs), MAX_TIMER_MS)
}

/**
 * The waits of a loop on the runtime's clock (a poll, a claim wait): the backoff's n-th wait for the
 * n-th, cut to what is left before the deadline; undefined once it has come or the retries are spent.
 */
export function deadlineWaits(
  backoff: Backoff,
  deadline: number,
  rt: Runtime
): () => number | undefined {
  let retries = 0
  return () => {
    const remainingMs = deadline - rt.clock.now()
    if (remainingMs <= 0 || retries >= backoff.retries) return undefined
    retries++
    return Math.min(backoffDelayMs(backoff, retries, rt.random), remainingMs)
  }
}

/** The longest delay setTimeout can hold. */
const MAX_TIMER_MS = 2 ** 31 - 1

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
  rt: Runtime,
  options: RetryCall
): Promise<T> {
  const signal = stopSignal(rt, options.stopOn)
  const { policy, deadline } = options
  const { backoff } = policy
  let retriesLeft = backoff.retries
  return pRetry(() => call(attemptSignal(signal, options.attemptTimeoutMs)), {
    // The attempts are counted here, not by p-retry: some waits use none.
    retries: Number.POSITIVE_INFINITY,
    minTimeout: backoff.minTimeoutMs,
    factor: backoff.factor,
    maxTimeout: backoff.maxTimeoutMs,
    randomize: backoff.randomize,
    signal,
    shouldRetry: async ({ error, attemptNumber: attempt, retryDelay }) => {
      const decision = policy.decide({ error, attempt, now: rt.clock.now(), random: rt.random })
      if (!decision.retry) return false
      // Only a deadline ends the waits that use no attempt.
      const counted = !decision.uncounted || deadline === undefined
      if (counted && retriesLeft <= 0) return false
      const extraMs = Math.max(0, (decision.atLeastMs ?? 0) - retryDelay)
      const remainingMs = deadline === undefined ? Infinity : deadline - rt.clock.now()
      if (retryDelay + extraMs > remainingMs) return false
      if (counted) retriesLeft--
      options.onRetry?.({ attempt, delayMs: retryDelay + extraMs, reason: decision.reason, error })
      // p-retry waits its own delay next; a longer Retry-After is the rest of the wait.
      if (extraMs > 0) await rt.clock.sleep(extraMs, signal)
      return true
    }
  })
}
