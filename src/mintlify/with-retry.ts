/**
 * Runs one service call under the retry policy, with p-retry counting the attempts. p-retry's own
 * delay is switched off (minTimeout 0) because it knows neither Retry-After nor an injected clock;
 * the wait happens in `shouldRetry`, on the caller's clock.
 */
import pRetry from 'p-retry'
import type { Clock } from '../shared/clock.js'
import type { Operation } from './errors.js'
import { decideRetry, RETRY_BUDGETS, type RetryBudget } from './retry-policy.js'

export interface WithRetryOptions {
  clock: Clock
  signal?: AbortSignal
  /** Epoch ms after which no further wait starts. */
  deadline?: number
  budget?: RetryBudget
  random?: () => number
  /** Told before each wait: for a warning line. */
  onRetry?: (info: { attempt: number; delayMs: number; reason: string; error: unknown }) => void
}

export async function withRetry<T>(
  operation: Operation,
  call: (signal?: AbortSignal) => Promise<T>,
  options: WithRetryOptions
): Promise<T> {
  const budget = options.budget ?? RETRY_BUDGETS[operation]
  return pRetry(() => call(options.signal), {
    retries: Math.max(0, budget.maxAttempts - 1),
    minTimeout: 0,
    signal: options.signal,
    shouldRetry: async ({ error, attemptNumber }) => {
      const remainingMs =
        options.deadline === undefined ? undefined : options.deadline - options.clock.now()
      const decision = decideRetry(operation, error, attemptNumber, {
        budget,
        remainingMs,
        random: options.random
      })
      if (!decision.retry) return false
      options.onRetry?.({
        attempt: attemptNumber,
        delayMs: decision.delayMs,
        reason: decision.reason,
        error
      })
      await options.clock.sleep(decision.delayMs, options.signal)
      return true
    }
  })
}
