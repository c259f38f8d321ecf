/**
 * When a failed request is tried again, and after how long. Pure: a function of the operation, the
 * error and the attempt, so tests call it directly. What is never retried:
 * - a create or a follow-up message that may have reached the server (timeout, reset, 5xx,
 *   an unreadable answer): the service has no idempotency key, so a retry could start a second job;
 * - a 429 whose Retry-After is missing (for create / message) or longer than the budget allows;
 * - any other 4xx (bad request, bad key, unknown project or job).
 */
import { MintlifyError, type Operation } from './errors.js'

export interface RetryBudget {
  /** Attempts in all, the first included. */
  maxAttempts: number
  /** Backoff base and cap for "full jitter": random(0, min(cap, base * 2^(n-1))). */
  baseDelayMs: number
  maxDelayMs: number
  /** The longest Retry-After worth waiting for; a longer one makes the error final. */
  maxRetryAfterMs: number
}

export type RetryDecision =
  { retry: true; delayMs: number; reason: string } | { retry: false; reason: string }

export interface DecideOptions {
  budget: RetryBudget
  /** Time left before the caller's deadline; a wait past it is not taken. */
  remainingMs?: number
  /** A number in [0, 1); Math.random by default. */
  random?: () => number
}

/** Operations that read only: repeating them cannot do harm. */
const IDEMPOTENT: ReadonlySet<Operation> = new Set<Operation>(['get-job', 'get-page-views'])

export const RETRY_BUDGETS: Record<Operation, RetryBudget> = {
  'create-job': { maxAttempts: 3, baseDelayMs: 1_000, maxDelayMs: 10_000, maxRetryAfterMs: 60_000 },
  'send-message': {
    maxAttempts: 3,
    baseDelayMs: 1_000,
    maxDelayMs: 10_000,
    maxRetryAfterMs: 60_000
  },
  'get-job': { maxAttempts: 6, baseDelayMs: 1_000, maxDelayMs: 30_000, maxRetryAfterMs: 300_000 },
  'get-page-views': {
    maxAttempts: 6,
    baseDelayMs: 1_000,
    maxDelayMs: 30_000,
    maxRetryAfterMs: 120_000
  }
}

/** "Full jitter" exponential backoff for the n-th retry (n from 1). */
export function backoffDelay(
  retry: number,
  budget: Pick<RetryBudget, 'baseDelayMs' | 'maxDelayMs'>,
  random: () => number = Math.random
): number {
  const ceiling = Math.min(budget.maxDelayMs, budget.baseDelayMs * 2 ** Math.max(0, retry - 1))
  return Math.round(random() * ceiling)
}

/** Retry-After is a floor: wait it out, plus a little jitter so parallel runs do not align. */
function afterRetryAfter(retryAfterMs: number, random: () => number): number {
  return retryAfterMs + Math.round(random() * 250)
}

/**
 * Decide about the attempt numbered `attempt` (from 1) that failed with `error`.
 */
export function decideRetry(
  operation: Operation,
  error: unknown,
  attempt: number,
  options: DecideOptions
): RetryDecision {
  const { budget } = options
  const random = options.random ?? Math.random
  if (!(error instanceof MintlifyError)) return { retry: false, reason: 'not a service error' }
  if (attempt >= budget.maxAttempts) return { retry: false, reason: 'attempts used up' }

  const decision = classify(operation, error, attempt, budget, random)
  if (!decision.retry) return decision
  if (options.remainingMs !== undefined && decision.delayMs > options.remainingMs) {
    return { retry: false, reason: 'the wait would pass the deadline' }
  }
  return decision
}

function classify(
  operation: Operation,
  error: MintlifyError,
  attempt: number,
  budget: RetryBudget,
  random: () => number
): RetryDecision {
  const idempotent = IDEMPOTENT.has(operation)

  if (error.kind === 'http' && error.status === 429) {
    if (error.retryAfterMs !== undefined) {
      if (error.retryAfterMs > budget.maxRetryAfterMs) {
        return { retry: false, reason: 'Retry-After is longer than the retry budget' }
      }
      return { retry: true, delayMs: afterRetryAfter(error.retryAfterMs, random), reason: '429' }
    }
    // Without Retry-After a rate limit is likely the hourly quota: only reads back off and try again.
    if (!idempotent) return { retry: false, reason: '429 without Retry-After' }
    return { retry: true, delayMs: backoffDelay(attempt, budget, random), reason: '429' }
  }

  if (!idempotent) {
    if (!error.mayHaveReachedServer) {
      return { retry: true, delayMs: backoffDelay(attempt, budget, random), reason: 'never sent' }
    }
    return { retry: false, reason: 'the request may have reached the service' }
  }

  const transient =
    error.kind === 'network' ||
    error.kind === 'timeout' ||
    error.kind === 'invalid-response' ||
    (error.kind === 'http' &&
      error.status !== undefined &&
      (error.status >= 500 || error.status === 408))
  if (!transient) return { retry: false, reason: `HTTP ${error.status} is final` }
  const backoff = backoffDelay(attempt, budget, random)
  const delayMs =
    error.retryAfterMs !== undefined && error.retryAfterMs <= budget.maxRetryAfterMs
      ? Math.max(backoff, afterRetryAfter(error.retryAfterMs, random))
      : backoff
  return {
    retry: true,
    delayMs,
    reason: error.kind === 'http' ? `HTTP ${error.status}` : error.kind
  }
}
