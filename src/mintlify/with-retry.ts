/** Runs one service call under its operation's retry policy, on the shared p-retry loop. */
import { retrying, type RetryInfo } from '../shared/retry.js'
import type { Runtime } from '../shared/runtime.js'
import type { Operation } from './errors.js'
import { serviceRetryPolicy, type RetryBudget } from './retry-policy.js'

export interface WithRetryOptions {
  operation: Operation
  /** Epoch ms after which no further wait starts. */
  deadline?: number
  budget?: RetryBudget
  /** Told before each wait: for a warning line. */
  onRetry?: (info: RetryInfo) => void
}

export function withRetry<T>(
  call: (signal?: AbortSignal) => Promise<T>,
  rt: Runtime,
  options: WithRetryOptions
): Promise<T> {
  return retrying(call, rt, {
    policy: serviceRetryPolicy(options.operation, options.budget),
    deadline: options.deadline,
    onRetry: options.onRetry
  })
}
