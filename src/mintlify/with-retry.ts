/**
 * The one retry entry for service calls: the request's operation names its class and limit, from
 * which the policy comes (retry-policy.ts); the shared p-retry loop runs it.
 */
import { retrying, type RetryInfo } from '../shared/retry.js'
import type { Runtime } from '../shared/runtime.js'
import type { Operation } from './errors.js'
import { requestRetryPolicy, type RateLimitWaits } from './retry-policy.js'

export interface WithRetryOptions {
  operation: Operation
  /** Epoch ms after which no further wait starts. */
  deadline?: number
  /** Told before each wait: for a warning line. */
  onRetry?: (info: RetryInfo) => void
  /** The caller's allowance of 429 waits over all its calls (a step that waits out one 429 only). */
  rateLimitWaits?: RateLimitWaits
}

export function withRetry<T>(
  call: (signal?: AbortSignal) => Promise<T>,
  rt: Runtime,
  { operation, deadline, onRetry, rateLimitWaits }: WithRetryOptions
): Promise<T> {
  const policy = requestRetryPolicy(operation, rateLimitWaits)
  return retrying(call, rt, { policy, deadline, onRetry })
}

/** The warning before a wait: `Creating the job failed (429); trying again in 2 s.` */
export function retryWarning(rt: Runtime, what: string): (info: RetryInfo) => void {
  return ({ reason, delayMs }) =>
    rt.log.warning(`${what} failed (${reason}); trying again in ${Math.round(delayMs / 1000)} s.`)
}
