/**
 * When a deployment trigger is tried again. A trigger is idempotent in effect (a branch that has a
 * preview is redeployed; a second production deployment builds the same branch), so unlike a job's
 * create, one that failed without an answer (5xx, reset, timeout) is retried, at most 3 attempts in
 * all. A 429 waits its Retry-After (absent: the limit's own window) for as long as the caller's
 * deadline allows; any other 4xx is final. Pure, like retry-policy.ts.
 */
import type { RetryDecision, RetryPolicy } from '../shared/retry.js'
import { MintlifyError } from './errors.js'
import { RETRY_BUDGETS } from './retry-policy.js'

export type TriggerOperation = 'trigger-deployment' | 'trigger-preview'

/** The service's windows: previews 5 a minute, deployments 10 per 10 seconds (per organization). */
export const RATE_LIMIT_WINDOW_MS: Record<TriggerOperation, number> = {
  'trigger-preview': 60_000,
  'trigger-deployment': 10_000
}

/** 429s do not use up the attempts: the deadline bounds them. */
const MAX_RATE_LIMITED_RETRIES = 50

/** One policy per trigger: it counts the failures without an answer, the only ones the attempts bound. */
export function triggerRetryPolicy(operation: TriggerOperation): RetryPolicy {
  const budget = RETRY_BUDGETS[operation]
  let unanswered = 0
  return {
    backoff: {
      retries: MAX_RATE_LIMITED_RETRIES,
      minTimeoutMs: budget.baseDelayMs,
      factor: 2,
      maxTimeoutMs: budget.maxDelayMs,
      randomize: true
    },
    decide: ({ error, random }) => {
      if (withoutAnswer(error)) unanswered += 1
      return decideTriggerRetry(operation, error, { unanswered, random })
    }
  }
}

/** A failure that may have reached the service without an answer: 5xx, reset, timeout, unreadable. */
function withoutAnswer(error: unknown): boolean {
  if (!(error instanceof MintlifyError)) return false
  return (
    error.kind === 'network' ||
    error.kind === 'timeout' ||
    error.kind === 'invalid-response' ||
    (error.kind === 'http' && (error.status ?? 0) >= 500)
  )
}

/** `unanswered`: how many failures without an answer there were so far, this one included. */
export function decideTriggerRetry(
  operation: TriggerOperation,
  error: unknown,
  { unanswered, random = Math.random }: { unanswered: number; random?: () => number }
): RetryDecision {
  if (!(error instanceof MintlifyError)) return { retry: false, reason: 'not a service error' }
  if (error.kind === 'not-sent') return { retry: false, reason: 'the request cannot be built' }
  if (error.schemaBroken) return { retry: false, reason: 'the answer breaks the schema' }
  if (error.kind === 'http' && error.status === 429) {
    const waitMs = error.retryAfterMs ?? RATE_LIMIT_WINDOW_MS[operation]
    return { retry: true, reason: '429', atLeastMs: waitMs + Math.round(random() * 250) }
  }
  if (!withoutAnswer(error)) return { retry: false, reason: `HTTP ${error.status} is final` }
  if (unanswered >= RETRY_BUDGETS[operation].maxAttempts) {
    return { retry: false, reason: 'no attempts left' }
  }
  return { retry: true, reason: error.kind === 'http' ? `HTTP ${error.status}` : error.kind }
}
