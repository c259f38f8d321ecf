/** Runs one service call under its operation's retry policy, on the shared p-retry loop. */
import {
  retrying,
  type FailedAttempt,
  type RetryDecision,
  type RetryInfo
} from '../shared/retry.js'
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
  /** The caller's last word on a retry the policy allows (a step that waits out one 429 only). */
  overrule?: (failed: FailedAttempt, decision: RetryDecision) => RetryDecision
}

export function withRetry<T>(
  call: (signal?: AbortSignal) => Promise<T>,
  rt: Runtime,
  options: WithRetryOptions
): Promise<T> {
  const policy = serviceRetryPolicy(options.operation, options.budget)
  const { overrule } = options
  return retrying(call, rt, {
    policy: overrule
      ? { ...policy, decide: failed => overrule(failed, policy.decide(failed)) }
      : policy,
    deadline: options.deadline,
    onRetry: options.onRetry
  })
}
