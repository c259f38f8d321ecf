/**
 * When a failed service request is tried again: one pure rule of the request's class and limit
 * (request-shape.ts) and the error, so tests call it directly. The loop (shared/retry.ts) counts the
 * attempts and keeps the deadline; with-retry.ts is the one entry.
 * - A 429 waits its Retry-After; without one, the limit's window (a minute) where the service names
 *   one, and such a wait uses no attempt. Where it names none, a Retry-After over a minute is a quota
 *   spent (the analytics hour), and none at all is final for a request that starts something.
 * - A sent-once request that may have reached the service (a timeout or reset after sending, a 5xx,
 *   an unreadable answer) is never sent again; one that provably never left is.
 * - A read or an idempotent request is tried again after a transient failure.
 * - Never: another 4xx, a request Node would not build, a whole answer that breaks the schema.
 */
import type { Backoff, RetryDecision, RetryPolicy } from '../shared/retry.js'
import { isRateLimited, MintlifyError, type Operation } from './errors.js'
import { REQUESTS, type RequestClass, type ServiceLimit } from './request-shape.js'

/** The window of each per-minute limit: the wait after a 429 that names no Retry-After. */
const LIMIT_WINDOW_MS: Record<ServiceLimit, number | undefined> = {
  triggers: 60_000,
  previews: 60_000,
  none: undefined
}

/** Without a named window, the longest Retry-After worth waiting; a longer one is a quota spent. */
const LONGEST_WAIT_MS = 60_000

/** Retries after the first attempt; a read is one among many, so it may try more and wait longer. */
const READ: Backoff = {
  retries: 5,
  minTimeoutMs: 1_000,
  factor: 2,
  maxTimeoutMs: 30_000,
  randomize: true
}
const WRITE: Backoff = { ...READ, retries: 2, maxTimeoutMs: 10_000 }
const BACKOFF: Record<RequestClass, Backoff> = { read: READ, 'sent-once': WRITE, idempotent: WRITE }

/** Attempts in all, the first included. */
export function maxAttempts(operation: Operation): number {
  return BACKOFF[REQUESTS[operation].class].retries + 1
}

/** 429 waits a caller allows over all its calls, counted down (absent: as many as the rule allows). */
export type RateLimitWaits = { left: number }

export function requestRetryPolicy(operation: Operation, waits?: RateLimitWaits): RetryPolicy {
  return {
    backoff: BACKOFF[REQUESTS[operation].class],
    decide: ({ error, random }) => {
      const decision = decideRetry(operation, error, random)
      if (!decision.retry || waits === undefined || !isRateLimited(error)) return decision
      if (waits.left <= 0) return { retry: false, reason: 'no 429 wait left' }
      waits.left--
      return decision
    }
  }
}

/** Whether a failed request of `operation` is worth another attempt, and the least wait it needs. */
export function decideRetry(
  operation: Operation,
  error: unknown,
  random: () => number = Math.random
): RetryDecision {
  if (!(error instanceof MintlifyError)) return { retry: false, reason: 'not a service error' }
  if (error.kind === 'not-sent') return { retry: false, reason: 'the request cannot be built' }
  if (error.schemaBroken) return { retry: false, reason: 'the answer breaks the schema' }
  const { class: kind, limit } = REQUESTS[operation]
  if (error.kind === 'http' && error.status === 429) {
    return afterRateLimit(kind, LIMIT_WINDOW_MS[limit], error, random)
  }
  if (kind === 'sent-once') {
    return error.mayHaveReachedServer
      ? { retry: false, reason: 'the request may have reached the service' }
      : { retry: true, reason: 'never sent' }
  }
  if (!isTransient(error)) return { retry: false, reason: `HTTP ${error.status} is final` }
  const reason = error.kind === 'http' ? `HTTP ${error.status}` : error.kind
  const asked = error.retryAfterMs
  return asked !== undefined && asked <= LONGEST_WAIT_MS
    ? { retry: true, reason, atLeastMs: afterRetryAfter(asked, random) }
    : { retry: true, reason }
}

function afterRateLimit(
  kind: RequestClass,
  windowMs: number | undefined,
  { retryAfterMs }: MintlifyError,
  random: () => number
): RetryDecision {
  if (windowMs !== undefined) {
    const waitMs = afterRetryAfter(retryAfterMs ?? windowMs, random)
    return { retry: true, reason: '429', atLeastMs: waitMs, uncounted: true }
  }
  if (retryAfterMs === undefined) {
    // Likely the hourly quota: only a read backs off and tries again.
    return kind === 'read'
      ? { retry: true, reason: '429' }
      : { retry: false, reason: '429 without Retry-After' }
  }
  if (retryAfterMs > LONGEST_WAIT_MS) {
    return { retry: false, reason: 'Retry-After is longer than the retry budget' }
  }
  return { retry: true, reason: '429', atLeastMs: afterRetryAfter(retryAfterMs, random) }
}

/** Retry-After is a floor: wait it out, plus a little jitter so parallel runs do not align. */
function afterRetryAfter(retryAfterMs: number, random: () => number): number {
  return retryAfterMs + Math.round(random() * 250)
}

/** A failure a later attempt may not meet: no answer, an unreadable one, a 5xx, a 408 or a 429. */
export function isTransient(error: MintlifyError): boolean {
  if (['network', 'timeout', 'invalid-response'].includes(error.kind)) return true
  const status = error.kind === 'http' ? (error.status ?? 0) : 0
  return status >= 500 || status === 408 || status === 429
}
