/**
 * When a failed service request is tried again. Pure: a function of the operation, the error and the
 * attempt, so tests call it directly; the waits are p-retry's backoff (shared/retry.ts). What is never
 * retried:
 * - a create or a follow-up message that may have reached the server (timeout, reset, 5xx,
 *   an unreadable answer): the service has no idempotency key, so a retry could start a second job;
 * - a 429 whose Retry-After is missing (for create / message) or longer than the budget allows;
 * - any other 4xx (bad request, bad key, unknown project or job);
 * - a request Node would not build, and a whole answer that breaks the documented schema.
 */
import type { RetryDecision, RetryPolicy } from '../shared/retry.js'
import { MintlifyError, type Operation } from './errors.js'

export interface RetryBudget {
  /** Attempts in all, the first included. */
  maxAttempts: number
  /** p-retry's backoff: base and cap of the wait, doubled each retry and randomized (1 to 2 times). */
  baseDelayMs: number
  maxDelayMs: number
  /**
   * The longest Retry-After worth waiting for; a longer one makes the error final. Absent for the
   * triggers, whose 429s the caller's deadline bounds (trigger-retry.ts).
   */
  maxRetryAfterMs?: number
}

/** Operations that read only: repeating them cannot do harm. */
const IDEMPOTENT: ReadonlySet<Operation> = new Set<Operation>([
  'get-job',
  'get-feedback-by-page',
  'get-page-views',
  'get-visitors',
  'get-assistant',
  'get-assistant-caller-stats',
  'get-searches',
  'get-feedback',
  'get-deployment-status'
])

/**
 * The analytics reads share 100 requests per organization per hour: a Retry-After longer than a
 * minute is the hourly budget, not a hiccup, and the run ends at once instead of waiting it out.
 */
const ANALYTICS_READ: RetryBudget = {
  maxAttempts: 6,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 60_000
}

/** A poll's read (a job, a deployment's status): one read among many, so it may wait longer. */
const POLL_READ: RetryBudget = {
  maxAttempts: 6,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 300_000
}

const TRIGGER: RetryBudget = { maxAttempts: 3, baseDelayMs: 1_000, maxDelayMs: 10_000 }

export const RETRY_BUDGETS: Record<Operation, RetryBudget> = {
  'create-job': { maxAttempts: 3, baseDelayMs: 1_000, maxDelayMs: 10_000, maxRetryAfterMs: 60_000 },
  'send-message': {
    maxAttempts: 3,
    baseDelayMs: 1_000,
    maxDelayMs: 10_000,
    maxRetryAfterMs: 60_000
  },
  'get-job': POLL_READ,
  'get-feedback-by-page': ANALYTICS_READ,
  'get-page-views': ANALYTICS_READ,
  'get-visitors': ANALYTICS_READ,
  'get-assistant': ANALYTICS_READ,
  'get-assistant-caller-stats': ANALYTICS_READ,
  'get-searches': ANALYTICS_READ,
  'get-feedback': ANALYTICS_READ,
  // Triggers: see trigger-retry.ts; a 429 waits as long as the caller's deadline allows.
  'trigger-deployment': TRIGGER,
  'trigger-preview': TRIGGER,
  'get-deployment-status': POLL_READ,
  // Sent once like a create (automationTriggerPolicy, trigger-retry.ts); a 429 waits as long as the deadline allows.
  'trigger-automation': TRIGGER
}

/** Retry-After is a floor: wait it out, plus a little jitter so parallel runs do not align. */
export function afterRetryAfter(retryAfterMs: number, random: () => number): number {
  return retryAfterMs + Math.round(random() * 250)
}

export function serviceRetryPolicy(
  operation: Operation,
  budget: RetryBudget = RETRY_BUDGETS[operation]
): RetryPolicy {
  return {
    backoff: {
      retries: Math.max(0, budget.maxAttempts - 1),
      minTimeoutMs: budget.baseDelayMs,
      factor: 2,
      maxTimeoutMs: budget.maxDelayMs,
      randomize: true
    },
    decide: ({ error, random }) => decideRetry(operation, error, { budget, random })
  }
}

export interface DecideOptions {
  /** The operation's own budget by default. */
  budget?: RetryBudget
  /** For the jitter on a Retry-After. */
  random?: () => number
}

/** Whether a failed request of `operation` is worth another attempt, and the least wait it needs. */
export function decideRetry(
  operation: Operation,
  error: unknown,
  { budget = RETRY_BUDGETS[operation], random = Math.random }: DecideOptions = {}
): RetryDecision {
  const screened = screenFailure(error)
  if (!(screened instanceof MintlifyError)) return screened
  return decideServiceFailure(operation, screened, { budget, random })
}

/**
 * What no retry helps, whatever the operation: not a service error, a request Node would not build,
 * a whole answer that breaks the schema (the same question gets the same answer). Else the error, to
 * be looked at closer.
 */
export function screenFailure(error: unknown): MintlifyError | RetryDecision {
  if (!(error instanceof MintlifyError)) return { retry: false, reason: 'not a service error' }
  if (error.kind === 'not-sent') return { retry: false, reason: 'the request cannot be built' }
  if (error.schemaBroken) return { retry: false, reason: 'the answer breaks the schema' }
  return error
}

/** A failure a later attempt may not meet: no answer, an unreadable one, a 5xx or a 408. */
export function isTransient(error: MintlifyError): boolean {
  return (
    error.kind === 'network' ||
    error.kind === 'timeout' ||
    error.kind === 'invalid-response' ||
    (error.kind === 'http' &&
      error.status !== undefined &&
      (error.status >= 500 || error.status === 408))
  )
}

function withinBudget(retryAfterMs: number, budget: RetryBudget): boolean {
  return budget.maxRetryAfterMs === undefined || retryAfterMs <= budget.maxRetryAfterMs
}

function decideServiceFailure(
  operation: Operation,
  error: MintlifyError,
  { budget, random }: Required<DecideOptions>
): RetryDecision {
  const idempotent = IDEMPOTENT.has(operation)

  if (error.kind === 'http' && error.status === 429) {
    if (error.retryAfterMs !== undefined) {
      if (!withinBudget(error.retryAfterMs, budget)) {
        return { retry: false, reason: 'Retry-After is longer than the retry budget' }
      }
      return { retry: true, reason: '429', atLeastMs: afterRetryAfter(error.retryAfterMs, random) }
    }
    // Without Retry-After a rate limit is likely the hourly quota: only reads back off and try again.
    if (!idempotent) return { retry: false, reason: '429 without Retry-After' }
    return { retry: true, reason: '429' }
  }

  if (!idempotent) {
    if (!error.mayHaveReachedServer) return { retry: true, reason: 'never sent' }
    return { retry: false, reason: 'the request may have reached the service' }
  }

  if (!isTransient(error)) return { retry: false, reason: `HTTP ${error.status} is final` }
  const reason = error.kind === 'http' ? `HTTP ${error.status}` : error.kind
  return error.retryAfterMs !== undefined && withinBudget(error.retryAfterMs, budget)
    ? { retry: true, reason, atLeastMs: afterRetryAfter(error.retryAfterMs, random) }
    : { retry: true, reason }
}
