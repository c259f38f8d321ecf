import { describe, expect, it } from '@jest/globals'
import { VirtualClock } from '../src/shared/clock.js'
import {
  GITHUB_MAX_ATTEMPTS,
  GITHUB_MAX_WAIT_MS,
  gitHubBackoff,
  gitHubRetryDelay,
  gitHubRetryKind,
  withGitHubRetry,
  type GitHubRetryInfo
} from '../src/github/retry.js'

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

const half = (): number => 0.5
const zero = (): number => 0

describe('gitHubRetryDelay', () => {
  it('waits out the retry-after of a 403 secondary rate limit, plus at most a second of jitter', () => {
    const error = httpError(403, { 'retry-after': '3' })
    expect(gitHubRetryDelay(error, 1, zero)).toBe(3000)
    expect(gitHubRetryDelay(error, 1, () => 0.999)).toBeLessThan(4000)
  })

  it('treats a 429 with retry-after as a rate limit', () => {
    expect(gitHubRetryKind(httpError(429, { 'retry-after': '1' }))).toBe('rate-limit')
    expect(gitHubRetryDelay(httpError(429, { 'retry-after': '1' }), 2, zero)).toBe(1000)
  })

  it('waits until x-ratelimit-reset when the remaining count is 0', () => {
    const now = 1_700_000_000_000
    const error = httpError(403, {
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(now / 1000 + 20)
    })
    expect(gitHubRetryDelay(error, 1, zero, now)).toBe(20_000)
  })

  it('gives up when the rate limit resets more than a minute from now', () => {
    const now = 1_700_000_000_000
    const error = httpError(403, {
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(now / 1000 + 3600)
    })
    expect(gitHubRetryKind(error)).toBe('rate-limit')
    expect(gitHubRetryDelay(error, 1, zero, now)).toBeUndefined()
  })

  it('gives up on a retry-after over 60 s and never waits longer than 60 s', () => {
    expect(gitHubRetryDelay(httpError(429, { 'retry-after': '61' }), 1, zero)).toBeUndefined()
    expect(gitHubRetryDelay(httpError(429, { 'retry-after': '60' }), 1, () => 0.99)).toBe(
      GITHUB_MAX_WAIT_MS
    )
  })

  it('does not retry a plain 403 (a permission denial)', () => {
    const error = httpError(403, {}, { message: 'Resource not accessible by integration' })
    expect(gitHubRetryKind(error)).toBeUndefined()
    expect(gitHubRetryDelay(error, 1)).toBeUndefined()
  })

  it('waits a minute for a secondary rate limit that names no wait, as GitHub advises', () => {
    const error = httpError(403, {}, { message: 'You have exceeded a secondary rate limit.' })
    expect(gitHubRetryKind(error)).toBe('rate-limit')
    expect(gitHubRetryDelay(error, 1, () => 0.9)).toBe(60_000)
  })

  it.each([400, 401, 404, 410, 422])('does not retry HTTP %i', status => {
    expect(gitHubRetryDelay(httpError(status), 1)).toBeUndefined()
  })

  it('backs off exponentially with jitter on 5xx and network errors', () => {
    expect(gitHubRetryKind(httpError(502))).toBe('transient')
    expect(gitHubRetryKind(networkError())).toBe('transient')
    expect(gitHubRetryDelay(httpError(502), 1, zero)).toBe(500)
    expect(gitHubRetryDelay(httpError(502), 2, zero)).toBe(1000)
    expect(gitHubRetryDelay(networkError(), 3, zero)).toBe(2000)
    expect(gitHubRetryDelay(httpError(503), 1, () => 0.999)).toBeLessThanOrEqual(1000)
    expect(gitHubBackoff(20, half)).toBeLessThanOrEqual(30_000)
  })

  it('honours a retry-after on a 5xx when it is longer than the backoff', () => {
    expect(gitHubRetryDelay(httpError(503, { 'retry-after': '5' }), 1, zero)).toBe(5000)
  })

  it('stops after the fourth attempt', () => {
    expect(GITHUB_MAX_ATTEMPTS).toBe(4)
    expect(gitHubRetryDelay(httpError(502), 3, zero)).toBeDefined()
    expect(gitHubRetryDelay(httpError(502), 4, zero)).toBeUndefined()
  })

  it('does not retry errors that are not HTTP errors', () => {
    expect(gitHubRetryDelay(new TypeError('bug'), 1)).toBeUndefined()
    expect(gitHubRetryDelay('text', 1)).toBeUndefined()
  })
})

describe('withGitHubRetry', () => {
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
    const clock = new VirtualClock(1_000)
    const retries: GitHubRetryInfo[] = []
    const { call, calls } = failing([httpError(403, { 'retry-after': '7' })])
    const result = await withGitHubRetry(call, {
      clock,
      idempotent: false,
      random: zero,
      onRetry: info => retries.push(info)
    })
    expect(result).toBe('ok')
    expect(calls()).toBe(2)
    expect(clock.now()).toBe(8_000)
    expect(retries).toEqual([{ attempt: 1, delayMs: 7000, status: 403 }])
  })

  it('retries a 502 of an idempotent call', async () => {
    const { call, calls } = failing([httpError(502), networkError()])
    await expect(
      withGitHubRetry(call, { clock: new VirtualClock(), idempotent: true })
    ).resolves.toBe('ok')
    expect(calls()).toBe(3)
  })

  it('does not retry a 502 of a non-idempotent call', async () => {
    const error = httpError(502)
    const { call, calls } = failing([error])
    await expect(
      withGitHubRetry(call, { clock: new VirtualClock(), idempotent: false })
    ).rejects.toBe(error)
    expect(calls()).toBe(1)
  })

  it('throws the last error after four attempts', async () => {
    const last = httpError(500)
    const { call, calls } = failing([httpError(500), httpError(500), httpError(500), last])
    await expect(
      withGitHubRetry(call, { clock: new VirtualClock(), idempotent: true })
    ).rejects.toBe(last)
    expect(calls()).toBe(4)
  })

  it('stops waiting when the signal aborts', async () => {
    const controller = new AbortController()
    const clock = {
      now: () => 0,
      sleep: async (_ms: number, signal?: AbortSignal) => {
        controller.abort(new Error('cancelled'))
        signal?.throwIfAborted()
      }
    }
    const { call, calls } = failing([httpError(502), httpError(502)])
    await expect(
      withGitHubRetry(call, { clock, idempotent: true, signal: controller.signal })
    ).rejects.toThrow('cancelled')
    expect(calls()).toBe(1)
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
      withGitHubRetry(call, { clock: new VirtualClock(), idempotent: false, timeoutMs: 20 })
    ).rejects.toThrow('timeout')
    expect(seen?.aborted).toBe(true)
  })
})
