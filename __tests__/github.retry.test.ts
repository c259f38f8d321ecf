import { describe, expect, it } from '@jest/globals'
import {
  GITHUB_MAX_ATTEMPTS,
  GITHUB_MAX_WAIT_MS,
  gitHubRetryKind,
  gitHubRetryPolicy,
  withGitHubRetry
} from '../src/github/retry.js'
import type { RetryDecision } from '../src/shared/retry.js'
import { testRuntime, useVirtualTime } from './helpers/runtime.js'

/** The shape octokit's RequestError has: a status and, when GitHub answered, the response. */
function httpError(
  status: number,
  headers: Record<string, string> = {},
  data: unknown = { message: 'x' }
): Error & { status: number; response: { headers: Record<string, string>; data: unknown } } {
  return Object.assign(new Error(`HTTP ${status}`), { status, response: { headers, data } })
}

/** What octokit throws when fetch fails (reset, refused, timeout): status 500 and no response. */
function networkError(): Error & { status: number } {
  return Object.assign(new Error('socket hang up'), { status: 500 })
}

const zero = (): number => 0
const NOW = 1_700_000_000_000

/** The policy's decision for a GET (idempotent) or a POST. */
function decide(error: unknown, idempotent = true, random = zero, now = NOW): RetryDecision {
  return gitHubRetryPolicy(idempotent ? 'safe' : 'if-refused').decide({
    error,
    attempt: 1,
    now,
    random
  })
}

describe('gitHubRetryPolicy', () => {
  it('waits out the retry-after of a 403 secondary rate limit, plus at most a second of jitter', () => {
    const error = httpError(403, { 'retry-after': '3' })
    expect(decide(error)).toMatchObject({ retry: true, atLeastMs: 3000 })
    const jittered = decide(error, true, () => 0.999)
    expect(jittered.retry && jittered.atLeastMs).toBeLessThan(4000)
  })

  it('treats a 429 with retry-after as a rate limit, also for a POST', () => {
    expect(gitHubRetryKind(httpError(429, { 'retry-after': '1' }))).toBe('rate-limit')
    expect(decide(httpError(429, { 'retry-after': '1' }), false)).toMatchObject({
      retry: true,
      atLeastMs: 1000
    })
  })

  it('waits until x-ratelimit-reset when the remaining count is 0', () => {
    const error = httpError(403, {
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(NOW / 1000 + 20)
    })
    expect(decide(error)).toMatchObject({ retry: true, atLeastMs: 20_000 })
  })

  it('gives up when the rate limit resets more than a minute from now', () => {
    const error = httpError(403, {
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(NOW / 1000 + 3600)
    })
    expect(gitHubRetryKind(error)).toBe('rate-limit')
    expect(decide(error).retry).toBe(false)
  })

  it('gives up on a retry-after over 60 s and never waits longer than 60 s', () => {
    expect(decide(httpError(429, { 'retry-after': '61' })).retry).toBe(false)
    expect(decide(httpError(429, { 'retry-after': '60' }), true, () => 0.99)).toMatchObject({
      retry: true,
      atLeastMs: GITHUB_MAX_WAIT_MS
    })
  })

  it('does not retry a plain 403 (a permission denial)', () => {
    const error = httpError(403, {}, { message: 'Resource not accessible by integration' })
    expect(gitHubRetryKind(error)).toBeUndefined()
    expect(decide(error).retry).toBe(false)
  })

  it('waits a minute for a secondary rate limit that names no wait, as GitHub advises', () => {
    const error = httpError(403, {}, { message: 'You have exceeded a secondary rate limit.' })
    expect(gitHubRetryKind(error)).toBe('rate-limit')
    expect(decide(error, true, () => 0.9)).toMatchObject({ retry: true, atLeastMs: 60_000 })
  })

  it.each([400, 401, 404, 410, 422])('does not retry HTTP %i', status => {
    expect(decide(httpError(status)).retry).toBe(false)
  })

  it('backs off exponentially on 5xx and network errors: p-retry doubles from 1 s, randomized, up to 30 s', () => {
    expect(gitHubRetryKind(httpError(502))).toBe('transient')
    expect(gitHubRetryKind(networkError())).toBe('transient')
    expect(decide(httpError(502))).toEqual({ retry: true, reason: 'transient' })
    expect(decide(networkError())).toEqual({ retry: true, reason: 'transient' })
    expect(gitHubRetryPolicy('safe').backoff).toEqual({
      retries: GITHUB_MAX_ATTEMPTS - 1,
      minTimeoutMs: 1000,
      factor: 2,
      maxTimeoutMs: 30_000,
      randomize: true
    })
  })

  it('honours a retry-after on a 5xx when it is longer than the backoff', () => {
    expect(decide(httpError(503, { 'retry-after': '5' }))).toMatchObject({ atLeastMs: 5000 })
  })

  it('retries a 5xx of a POST never: it may have been carried out', () => {
    expect(decide(httpError(502), false).retry).toBe(false)
    expect(decide(networkError(), false).retry).toBe(false)
  })

  it('does not retry errors that are not HTTP errors', () => {
    expect(decide(new TypeError('bug')).retry).toBe(false)
    expect(decide('text').retry).toBe(false)
  })
})

describe('withGitHubRetry (virtual time)', () => {
  const time = useVirtualTime(NOW)

  function failing(
    errors: unknown[],
    result = 'ok'
  ): { call: () => Promise<string>; calls: () => number } {
    let calls = 0
    return {
      call: async () => {
        const error = errors[calls++]
        if (error !== undefined) throw error
        return result
      },
      calls: () => calls
    }
  }

  it('retries a secondary rate limit after its retry-after, even for a POST', async () => {
    const rt = testRuntime()
    const { call, calls } = failing([httpError(403, { 'retry-after': '7' })])
    const result = await time().drive(withGitHubRetry(call, rt, { repeat: 'if-refused' }))
    expect(result).toBe('ok')
    expect(calls()).toBe(2)
    // p-retry's own first wait (1 s at random 0... its randomize is 1 to 2 times) is inside the 7 s.
    expect(Date.now() - NOW).toBeGreaterThanOrEqual(7000)
    expect(Date.now() - NOW).toBeLessThan(8000)
    expect(rt.lines).toEqual(['info: GitHub API call failed (attempt 1); trying again in 7 s.'])
  })

  it('retries a 502 of an idempotent call', async () => {
    const { call, calls } = failing([httpError(502), networkError()])
    await expect(
      time().drive(withGitHubRetry(call, testRuntime(), { repeat: 'safe' }))
    ).resolves.toBe('ok')
    expect(calls()).toBe(3)
  })

  it('does not retry a 502 of a non-idempotent call', async () => {
    const error = httpError(502)
    const { call, calls } = failing([error])
    await expect(
      time().drive(withGitHubRetry(call, testRuntime(), { repeat: 'if-refused' }))
    ).rejects.toBe(error)
    expect(calls()).toBe(1)
  })

  it('throws the last error after four attempts', async () => {
    const last = httpError(500)
    const { call, calls } = failing([httpError(500), httpError(500), httpError(500), last])
    await expect(
      time().drive(withGitHubRetry(call, testRuntime(), { repeat: 'safe' }))
    ).rejects.toBe(last)
    expect(calls()).toBe(4)
  })

  it('stops waiting when the signal aborts', async () => {
    const rt = testRuntime()
    const { call, calls } = failing([httpError(502), httpError(502)])
    const retrying = withGitHubRetry(call, rt, { repeat: 'safe' })
    rt.abort(new Error('cancelled'))
    await expect(time().drive(retrying)).rejects.toThrow('cancelled')
    expect(calls()).toBe(1)
  })

  it('is not stopped by the run signal when the call opts out (stopOn: nothing)', async () => {
    const rt = testRuntime()
    rt.abort(new Error('cancelled'))
    const { call, calls } = failing([httpError(502)])
    await expect(
      time().drive(withGitHubRetry(call, rt, { repeat: 'safe', stopOn: 'nothing' }))
    ).resolves.toBe('ok')
    expect(calls()).toBe(2)
  })

  it('hands each attempt a signal that times out', async () => {
    let seen: AbortSignal | undefined
    const call = (signal?: AbortSignal): Promise<string> => {
      seen = signal
      return new Promise((_resolve, reject) =>
        signal?.addEventListener('abort', () =>
          reject(Object.assign(new Error('timeout'), { status: 500 }))
        )
      )
    }
    await expect(
      time().drive(withGitHubRetry(call, testRuntime(), { repeat: 'if-refused', timeoutMs: 20 }))
    ).rejects.toThrow('timeout')
    expect(seen?.aborted).toBe(true)
  })
})
