/**
 * Retry policy for GitHub calls, on the shared p-retry loop (shared/retry.ts). The pure part
 * (`gitHubRetryPolicy`) decides; p-retry waits. Bounded: 4 attempts, no wait over 60 s.
 *
 * - A secondary rate limit (403/429 with `retry-after`, or `x-ratelimit-remaining: 0` with
 *   `x-ratelimit-reset`) is retried for every call: GitHub refused the request, nothing happened.
 * - A 5xx, a network error or a per-attempt timeout is retried only for idempotent calls (GET,
 *   PATCH, reactions): a POST that failed this way may have been carried out.
 * - Everything else (other 4xx, non-HTTP errors, the caller's abort) is final.
 */
import { parseRetryAfter } from '../shared/retry-after.js'
import { retrying, type RetryPolicy, type StopOn } from '../shared/retry.js'
import type { Runtime } from '../shared/runtime.js'
import { MalformedResponseError } from './response.js'

export const GITHUB_MAX_ATTEMPTS = 4
export const GITHUB_MAX_WAIT_MS = 60_000
export const GITHUB_BASE_DELAY_MS = 1_000
const GITHUB_MAX_BACKOFF_MS = 30_000
/** Per-attempt timeout when the caller does not set one: a hung connection must not stall the run. */
const GITHUB_REQUEST_TIMEOUT_MS = 30_000
/** GitHub's advice for a secondary rate limit that names no wait: at least one minute. */
const UNSPECIFIED_RATE_LIMIT_WAIT_MS = 60_000
/** Spread added on top of a server-named wait so parallel runs do not come back together. */
const RATE_LIMIT_JITTER_MS = 1_000

export type GitHubRetryKind = 'rate-limit' | 'transient'

/**
 * Whether a call that may have reached GitHub can be sent again: a read, an edit or a reaction can
 * ('safe'); a POST that creates something is repeated only when GitHub refused it ('if-refused').
 */
export type Repeat = 'safe' | 'if-refused'

/** How one GitHub call is made: its timeout and what stops it. */
export interface GitHubCallOptions {
  /** Per-attempt timeout in ms (default GITHUB_REQUEST_TIMEOUT_MS). */
  timeoutMs?: number
  /** The run's cancel by default. */
  stopOn?: StopOn
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
  return value === undefined || value === null ? undefined : String(value)
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

/** Pure: which failures are tried again, and how long GitHub asked to wait first. */
export function gitHubRetryPolicy(repeat: Repeat): RetryPolicy {
  return {
    backoff: {
      retries: GITHUB_MAX_ATTEMPTS - 1,
      minTimeoutMs: GITHUB_BASE_DELAY_MS,
      factor: 2,
      maxTimeoutMs: GITHUB_MAX_BACKOFF_MS,
      randomize: true
    },
    decide: ({ error, now, random }) => {
      const kind = gitHubRetryKind(error)
      if (kind === undefined) return { retry: false, reason: 'final' }
      if (kind === 'transient' && repeat !== 'safe') {
        return { retry: false, reason: 'a write that may have been carried out' }
      }
      const http = asHttpError(error)
      const asked = http && rateLimitWaitMs(http, now)
      if (kind === 'transient' && asked === undefined) return { retry: true, reason: 'transient' }
      const wait = asked ?? UNSPECIFIED_RATE_LIMIT_WAIT_MS
      if (wait > GITHUB_MAX_WAIT_MS)
        return { retry: false, reason: 'GitHub asks for a longer wait' }
      if (kind === 'transient') return { retry: true, reason: 'transient', atLeastMs: wait }
      const jittered = Math.round(wait + random() * RATE_LIMIT_JITTER_MS)
      const atLeastMs = Math.min(GITHUB_MAX_WAIT_MS, jittered)
      return { retry: true, reason: 'rate limit', atLeastMs }
    }
  }
}

/**
 * Runs `call` until it succeeds or the policy says stop; the last error is thrown as is. `call`
 * receives a signal to pass to octokit (`request: { signal }`) that fires on what `stopOn` names
 * (the run's cancel by default) or the per-attempt timeout. Each retry is one log line.
 */
export function withGitHubRetry<T>(
  call: (signal?: AbortSignal) => Promise<T>,
  rt: Runtime,
  options: GitHubCallOptions & { repeat: Repeat }
): Promise<T> {
  return retrying(call, rt, {
    policy: gitHubRetryPolicy(options.repeat),
    stopOn: options.stopOn,
    attemptTimeoutMs: options.timeoutMs ?? GITHUB_REQUEST_TIMEOUT_MS,
    onRetry: ({ attempt, delayMs }) =>
      rt.log.info(
        `GitHub API call failed (attempt ${attempt}); trying again in ${Math.round(delayMs / 1000)} s.`
      )
  })
}
