/**
 * Retry policy for GitHub calls. Pure parts (`gitHubRetryKind`, `gitHubRetryDelay`) decide; the
 * loop in `withGitHubRetry` waits on the injected clock. Bounded: 4 attempts, no wait over 60 s.
 *
 * - A secondary rate limit (403/429 with `retry-after`, or `x-ratelimit-remaining: 0` with
 *   `x-ratelimit-reset`) is retried for every call: GitHub refused the request, nothing happened.
 * - A 5xx, a network error or a per-attempt timeout is retried only for idempotent calls (GET,
 *   PATCH, reactions): a POST that failed this way may have been carried out.
 * - Everything else (other 4xx, non-HTTP errors, the caller's abort) is final.
 */
import type { Clock } from '../shared/clock.js'
import { parseRetryAfter } from '../shared/retry-after.js'
import { MalformedResponseError } from './response.js'

export const GITHUB_MAX_ATTEMPTS = 4
export const GITHUB_MAX_WAIT_MS = 60_000
export const GITHUB_BASE_DELAY_MS = 1_000
export const GITHUB_MAX_BACKOFF_MS = 30_000
/** Per-attempt timeout when the caller does not set one: a hung connection must not stall the run. */
export const GITHUB_REQUEST_TIMEOUT_MS = 30_000
/** GitHub's advice for a secondary rate limit that names no wait: at least one minute. */
const UNSPECIFIED_RATE_LIMIT_WAIT_MS = 60_000
/** Spread added on top of a server-named wait so parallel runs do not come back together. */
const RATE_LIMIT_JITTER_MS = 1_000

export type GitHubRetryKind = 'rate-limit' | 'transient'

export interface GitHubRetryInfo {
  /** The attempt that failed, from 1. */
  attempt: number
  delayMs: number
  /** HTTP status of the failure; absent for network errors and timeouts. */
  status?: number
}

export interface GitHubRetryOptions {
  clock: Clock
  signal?: AbortSignal
  /** True when repeating the request cannot do harm (GET, PATCH, reactions). */
  idempotent: boolean
  onRetry?: (info: GitHubRetryInfo) => void
  /** Per-attempt timeout in ms (default GITHUB_REQUEST_TIMEOUT_MS); 0 turns it off. */
  timeoutMs?: number
  /** A number in [0, 1); Math.random by default. */
  random?: () => number
}

interface HttpLikeError {
  status: number
  response?: { headers?: Record<string, unknown>; data?: unknown }
}

function asHttpError(error: unknown): HttpLikeError | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const status = (error as { status?: unknown }).status
  return typeof status === 'number' ? (error as HttpLikeError) : undefined
}

function header(error: HttpLikeError, name: string): string | undefined {
  const value = error.response?.headers?.[name]
  if (value === undefined || value === null) return undefined
  return String(value)
}

/** The HTTP status GitHub answered with; undefined when no answer came (octokit reports 500 then). */
export function gitHubErrorStatus(error: unknown): number | undefined {
  const http = asHttpError(error)
  if (http === undefined || http.response === undefined || http.status === 0) return undefined
  return http.status
}

function responseMessage(error: HttpLikeError): string {
  const data = error.response?.data
  if (typeof data === 'string') return data
  if (typeof data === 'object' && data !== null) {
    const message = (data as { message?: unknown }).message
    if (typeof message === 'string') return message
  }
  return ''
}

/** Whether the error is worth retrying, and why; undefined when it is final. */
export function gitHubRetryKind(error: unknown): GitHubRetryKind | undefined {
  if (error instanceof MalformedResponseError) return 'transient'
  const http = asHttpError(error)
  if (http === undefined) return undefined
  const status = http.status
  // Octokit turns fetch failures (reset, refused, DNS, timeout) into status 500 without a response.
  if (http.response === undefined) return status === 0 || status >= 500 ? 'transient' : undefined
  if (status === 403 || status === 429) {
    if (header(http, 'retry-after') !== undefined) return 'rate-limit'
    if (header(http, 'x-ratelimit-remaining') === '0' && header(http, 'x-ratelimit-reset')) {
      return 'rate-limit'
    }
    // A 403 is mostly "not allowed"; only GitHub's own wording makes it a rate limit.
    if (status === 429 || /secondary rate limit/i.test(responseMessage(http))) return 'rate-limit'
    return undefined
  }
  if (status >= 500 || status === 0) return 'transient'
  return undefined
}

/** How long GitHub asked us to wait, in ms from `now`; undefined when it named no wait. */
function rateLimitWaitMs(error: HttpLikeError, now: number): number | undefined {
  const retryAfter = parseRetryAfter(header(error, 'retry-after'), now)
  if (retryAfter !== undefined) return retryAfter
  const reset = Number(header(error, 'x-ratelimit-reset'))
  if (header(error, 'x-ratelimit-remaining') === '0' && Number.isFinite(reset) && reset > 0) {
    return Math.max(0, reset * 1000 - now)
  }
  return undefined
}

/** Exponential backoff with "equal jitter" for the n-th retry (n from 1): half fixed, half random. */
export function gitHubBackoff(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(
    GITHUB_MAX_BACKOFF_MS,
    GITHUB_BASE_DELAY_MS * 2 ** Math.max(0, retry - 1)
  )
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}

/**
 * The wait before retrying after attempt `attempt` (from 1) failed with `error`, in ms; undefined
 * when the error is final, the attempts are used up, or GitHub asks for a wait over 60 s. It does not
 * know whether the call is idempotent: `withGitHubRetry` drops transient errors of other calls.
 */
export function gitHubRetryDelay(
  error: unknown,
  attempt: number,
  random: () => number = Math.random,
  now: number = Date.now()
): number | undefined {
  const kind = gitHubRetryKind(error)
  if (kind === undefined || attempt >= GITHUB_MAX_ATTEMPTS) return undefined
  const http = asHttpError(error)
  if (kind === 'transient') {
    const backoff = gitHubBackoff(attempt, random)
    const asked = http === undefined ? undefined : rateLimitWaitMs(http, now)
    if (asked === undefined) return backoff
    return asked > GITHUB_MAX_WAIT_MS ? undefined : Math.max(backoff, asked)
  }
  const asked =
    (http === undefined ? undefined : rateLimitWaitMs(http, now)) ?? UNSPECIFIED_RATE_LIMIT_WAIT_MS
  if (asked > GITHUB_MAX_WAIT_MS) return undefined
  return Math.min(GITHUB_MAX_WAIT_MS, Math.round(asked + random() * RATE_LIMIT_JITTER_MS))
}

/** The caller's signal joined with a per-attempt timeout. */
function attemptSignal(
  signal: AbortSignal | undefined,
  timeoutMs: number
): AbortSignal | undefined {
  if (timeoutMs <= 0) return signal
  const timeout = AbortSignal.timeout(timeoutMs)
  return signal === undefined ? timeout : AbortSignal.any([signal, timeout])
}

/**
 * Runs `call` until it succeeds or the policy says stop; the last error is thrown as is. `call`
 * receives a signal to pass to octokit (`request: { signal }`) that fires on the caller's abort or
 * the per-attempt timeout.
 */
export async function withGitHubRetry<T>(
  call: (signal?: AbortSignal) => Promise<T>,
  options: GitHubRetryOptions
): Promise<T> {
  const random = options.random ?? Math.random
  const timeoutMs = options.timeoutMs ?? GITHUB_REQUEST_TIMEOUT_MS
  for (let attempt = 1; ; attempt++) {
    options.signal?.throwIfAborted()
    try {
      return await call(attemptSignal(options.signal, timeoutMs))
    } catch (error) {
      if (options.signal?.aborted) throw error
      const kind = gitHubRetryKind(error)
      if (kind === 'transient' && !options.idempotent) throw error
      const delayMs = gitHubRetryDelay(error, attempt, random, options.clock.now())
      if (delayMs === undefined) throw error
      options.onRetry?.({ attempt, delayMs, status: gitHubErrorStatus(error) })
      await options.clock.sleep(delayMs, options.signal)
    }
  }
}
