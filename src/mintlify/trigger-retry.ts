/**
 * When a platform trigger is tried again. A deployment trigger is idempotent in effect (a branch
 * that has a preview is redeployed; a second production deployment builds the same branch), so
 * unlike a job's create, one that failed without an answer (5xx, reset, timeout) is retried, at most
 * 3 attempts in all. An automation trigger is not (each starts a paid run): it is sent once, as a
 * create (automationTriggerPolicy). Both wait a 429's Retry-After (absent: the limit's own window)
 * for as long as the caller's deadline allows; any other 4xx is final. Pure, like retry-policy.ts.
 */
import type { Backoff, RetryDecision, RetryPolicy } from '../shared/retry.js'
import { MintlifyError } from './errors.js'
import {
  afterRetryAfter,
  isTransient,
  RETRY_BUDGETS,
  screenFailure,
  type RetryBudget
} from './retry-policy.js'

type TriggerOperation = 'trigger-deployment' | 'trigger-preview'

/**
 * The waits when a 429 gives no Retry-After: previews a minute (5 a minute); deployments 10 s, as
 * the older limit's window (10 per 10 s; Mintlify now gives 5 a minute, shared with automations).
 */
const RATE_LIMIT_WINDOW_MS: Record<TriggerOperation, number> = {
  'trigger-preview': 60_000,
  'trigger-deployment': 10_000
}

/** 429s do not use up the attempts: the deadline bounds them. */
const MAX_RATE_LIMITED_RETRIES = 50

/** A trigger's waits: the budget's backoff, with room for as many 429s as the deadline allows. */
function triggerBackoff(budget: RetryBudget): Backoff {
  return {
    retries: MAX_RATE_LIMITED_RETRIES,
    minTimeoutMs: budget.baseDelayMs,
    factor: 2,
    maxTimeoutMs: budget.maxDelayMs,
    randomize: true
  }
}

/** One policy per trigger: it counts the failures without an answer, the only ones the attempts bound. */
export function triggerRetryPolicy(operation: TriggerOperation): RetryPolicy {
  const budget = RETRY_BUDGETS[operation]
  let unanswered = 0
  return {
    backoff: triggerBackoff(budget),
    decide: ({ error, random }) => {
      if (withoutAnswer(error)) unanswered += 1
      return decideTriggerRetry(operation, error, { unanswered, random })
    }
  }
}

/** A failure that may have reached the service without an answer: 5xx, reset, timeout, unreadable. */
function withoutAnswer(error: unknown): boolean {
  // A 408 is an answer: the service did not take the request.
  return error instanceof MintlifyError && isTransient(error) && error.status !== 408
}

/** `unanswered`: how many failures without an answer there were so far, this one included. */
export function decideTriggerRetry(
  operation: TriggerOperation,
  error: unknown,
  { unanswered, random = Math.random }: { unanswered: number; random?: () => number }
): RetryDecision {
  const screened = screenFailure(error)
  if (!(screened instanceof MintlifyError)) return screened
  if (screened.kind === 'http' && screened.status === 429) {
    const waitMs = screened.retryAfterMs ?? RATE_LIMIT_WINDOW_MS[operation]
    return { retry: true, reason: '429', atLeastMs: afterRetryAfter(waitMs, random) }
  }
  if (!withoutAnswer(screened)) return { retry: false, reason: `HTTP ${screened.status} is final` }
  if (unanswered >= RETRY_BUDGETS[operation].maxAttempts) {
    return { retry: false, reason: 'no attempts left' }
  }
  const reason = screened.kind === 'http' ? `HTTP ${screened.status}` : screened.kind
  return { retry: true, reason }
}

/** Automation triggers share the deployments' limit: 5 a minute per organization. */
const AUTOMATION_WINDOW_MS = 60_000

/**
 * An automation trigger starts a paid run and has no idempotency key, so it is sent once as a job's
 * create is: tried again only when it provably never left (refused connection, DNS), at most 3
 * attempts, or after a 429's Retry-After (absent: the limit's minute) while the deadline allows. A
 * trigger that may have arrived (timeout, reset, 5xx, an unreadable answer) is final.
 */
export function automationTriggerPolicy(): RetryPolicy {
  const budget = RETRY_BUDGETS['trigger-automation']
  let neverSent = 0
  return {
    backoff: triggerBackoff(budget),
    decide: ({ error, random }) => {
      const screened = screenFailure(error)
      if (!(screened instanceof MintlifyError)) return screened
      if (screened.kind === 'http' && screened.status === 429) {
        const waitMs = screened.retryAfterMs ?? AUTOMATION_WINDOW_MS
        return { retry: true, reason: '429', atLeastMs: afterRetryAfter(waitMs, random) }
      }
      if (screened.mayHaveReachedServer) {
        return { retry: false, reason: 'the trigger may have reached the service' }
      }
      neverSent += 1
      if (neverSent >= budget.maxAttempts) return { retry: false, reason: 'no attempts left' }
      return { retry: true, reason: 'never sent' }
    }
  }
}
