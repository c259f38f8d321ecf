/**
 * The retry policy, called directly: a pure function of the request's class and limit and the error;
 * the waits are p-retry's backoff, whose options the policy names. The sent-once rules come from the
 * service having no idempotency key (docs/RELIABILITY.md, checklist 8 and 9). The attempt count and
 * the deadline are kept by the loop (shared.retry.test.ts, mintlify.with-retry.test.ts).
 */
import { describe, expect, it } from '@jest/globals'
import { MintlifyError, type MintlifyErrorFields, type Operation } from '../src/mintlify/errors.js'
import { parseRetryAfter } from '../src/shared/retry-after.js'
import {
  decideRetry,
  maxAttempts,
  requestRetryPolicy,
  type RateLimitWaits
} from '../src/mintlify/retry-policy.js'
import type { RetryDecision } from '../src/shared/retry.js'

const zero = (): number => 0
const half = (): number => 0.5
const almostOne = (): number => 0.999999

function failure(
  operation: Operation,
  fields: Partial<MintlifyErrorFields> & Pick<MintlifyErrorFields, 'kind'>
): MintlifyError {
  return new MintlifyError({
    operation,
    target: 'project proj_test',
    mayHaveReachedServer: true,
    ...fields
  })
}

const http = (status: number, extra: Partial<MintlifyErrorFields> = {}) =>
  ({ kind: 'http', status, ...extra }) as const

function decide(
  operation: Operation,
  fields: Partial<MintlifyErrorFields> & Pick<MintlifyErrorFields, 'kind'>,
  random: () => number = half
): RetryDecision {
  return decideRetry(operation, failure(operation, fields), random)
}

describe('decideRetry: a sent-once request (create, follow-up, automation trigger) is never blindly retried', () => {
  it.each([
    ['HTTP 500', http(500)],
    ['HTTP 502', http(502)],
    ['HTTP 503', http(503)],
    ['a timeout', { kind: 'timeout' } as const],
    ['a reset after sending', { kind: 'network', code: 'UND_ERR_SOCKET' } as const],
    ['ECONNRESET', { kind: 'network', code: 'ECONNRESET' } as const],
    ['a 503 with Retry-After', http(503, { retryAfterMs: 1_000 })],
    ['an invalid response', { kind: 'invalid-response', status: 201 } as const]
  ])(
    'does not retry a create or a trigger after %s (the job or run may exist)',
    (_label, fields) => {
      for (const operation of ['create-job', 'send-message', 'trigger-automation'] as const) {
        expect(decide(operation, { ...fields, mayHaveReachedServer: true })).toEqual({
          retry: false,
          reason: 'the request may have reached the service'
        })
      }
    }
  )

  it.each([400, 401, 403, 404, 408, 422])(
    'does not retry a create or a trigger after HTTP %i',
    status => {
      expect(decide('create-job', http(status)).retry).toBe(false)
      expect(decide('trigger-automation', http(status)).retry).toBe(false)
    }
  )

  it('retries a create or a trigger whose request provably never left (ECONNREFUSED)', () => {
    for (const operation of ['create-job', 'trigger-automation'] as const) {
      const decision = decide(operation, {
        kind: 'network',
        code: 'ECONNREFUSED',
        mayHaveReachedServer: false
      })
      expect(decision).toEqual({ retry: true, reason: 'never sent' })
    }
  })

  it('retries a create 429 with Retry-After 2000 ms after at least 2000 ms', () => {
    for (const random of [zero, half, almostOne]) {
      const decision = decide('create-job', http(429, { retryAfterMs: 2000 }), random)
      expect(decision.retry).toBe(true)
      if (!decision.retry) continue
      expect(decision.atLeastMs).toBeGreaterThanOrEqual(2000)
      expect(decision.atLeastMs).toBeLessThanOrEqual(2250)
    }
  })

  it('does not retry a create 429 without Retry-After (likely the hourly quota)', () => {
    expect(decide('create-job', http(429))).toEqual({
      retry: false,
      reason: '429 without Retry-After'
    })
  })

  it('treats a follow-up message like a create', () => {
    expect(decide('send-message', http(500)).retry).toBe(false)
    expect(decide('send-message', { kind: 'timeout' }).retry).toBe(false)
    expect(decide('send-message', http(429)).retry).toBe(false)
    expect(decide('send-message', http(429, { retryAfterMs: 1000 })).retry).toBe(true)
  })
})

describe('decideRetry: one 429 window per service limit', () => {
  it.each<Operation>(['trigger-automation', 'trigger-deployment', 'trigger-preview'])(
    '%s: a 429 waits its Retry-After, else the limit’s minute, and uses no attempt',
    operation => {
      expect(decide(operation, http(429, { retryAfterMs: 12_000 }), zero)).toEqual({
        retry: true,
        reason: '429',
        atLeastMs: 12_000,
        uncounted: true
      })
      expect(decide(operation, http(429), zero)).toEqual({
        retry: true,
        reason: '429',
        atLeastMs: 60_000,
        uncounted: true
      })
    }
  )

  it('a limit without a named window: Retry-After up to a minute, counted', () => {
    for (const operation of ['create-job', 'get-job', 'get-page-views'] as const) {
      expect(decide(operation, http(429, { retryAfterMs: 60_001 }))).toEqual({
        retry: false,
        reason: 'Retry-After is longer than the retry budget'
      })
      expect(decide(operation, http(429, { retryAfterMs: 60_000 }), zero)).toEqual({
        retry: true,
        atLeastMs: 60_000,
        reason: '429'
      })
    }
  })

  it('a caller’s allowance of 429 waits is counted down over its calls, then final', () => {
    const waits: RateLimitWaits = { left: 1 }
    const policy = requestRetryPolicy('get-page-views', waits)
    const limited = failure('get-page-views', http(429, { retryAfterMs: 1_000 }))
    const failed = (error: unknown) => ({ error, attempt: 1, now: 0, random: zero })
    expect(policy.decide(failed(limited)).retry).toBe(true)
    expect(policy.decide(failed(failure('get-page-views', http(503)))).retry).toBe(true)
    expect(requestRetryPolicy('get-page-views', waits).decide(failed(limited))).toEqual({
      retry: false,
      reason: 'no 429 wait left'
    })
  })
})

describe('decideRetry: Retry-After and the attempts', () => {
  it.each<[Operation, number]>([
    ['create-job', 60_000],
    ['get-job', 60_000],
    ['get-page-views', 60_000]
  ])('does not retry %s when Retry-After is above %i ms', (operation, budget) => {
    expect(decide(operation, http(429, { retryAfterMs: budget + 1 }))).toEqual({
      retry: false,
      reason: 'Retry-After is longer than the retry budget'
    })
    expect(decide(operation, http(429, { retryAfterMs: budget }), zero)).toEqual({
      retry: true,
      atLeastMs: budget,
      reason: '429'
    })
  })

  it('waits a 429 Retry-After that equals the budget', () => {
    const decision = decide('create-job', http(429, { retryAfterMs: 60_000 }), zero)
    expect(decision).toEqual({ retry: true, atLeastMs: 60_000, reason: '429' })
  })

  it('gives the loop the attempts of the class: retries = attempts - 1', () => {
    const attempts = {
      'create-job': 3,
      'send-message': 3,
      'trigger-automation': 3,
      'trigger-preview': 3,
      'get-job': 6,
      'get-page-views': 6
    }
    for (const [operation, expected] of Object.entries(attempts) as [Operation, number][]) {
      expect(maxAttempts(operation)).toBe(expected)
      expect(requestRetryPolicy(operation).backoff.retries).toBe(expected - 1)
    }
  })

  it('does not retry a request Node would not build (nothing was sent, and it would fail again)', () => {
    for (const operation of ['create-job', 'get-job', 'get-page-views'] as const) {
      expect(
        decide(operation, {
          kind: 'not-sent',
          code: 'ERR_INVALID_CHAR',
          mayHaveReachedServer: false
        })
      ).toEqual({ retry: false, reason: 'the request cannot be built' })
    }
  })

  it('does not retry a whole answer that breaks the schema, but does retry a body cut short', () => {
    expect(decide('get-page-views', { kind: 'invalid-response', schemaBroken: true })).toEqual({
      retry: false,
      reason: 'the answer breaks the schema'
    })
    expect(decide('get-page-views', { kind: 'invalid-response' }).retry).toBe(true)
  })

  it('does not retry what is not a MintlifyError (a cancellation reason, a bug)', () => {
    const decision = decideRetry('get-job', new Error('run cancelled'))
    expect(decision).toEqual({ retry: false, reason: 'not a service error' })
  })
})

describe('decideRetry: reads and deployment triggers are retried on transient failures only', () => {
  it.each<[string, Partial<MintlifyErrorFields> & Pick<MintlifyErrorFields, 'kind'>]>([
    ['HTTP 429 without Retry-After', http(429)],
    ['HTTP 500', http(500)],
    ['HTTP 502', http(502)],
    ['HTTP 503', http(503)],
    ['HTTP 408', http(408)],
    ['a timeout', { kind: 'timeout' }],
    ['a reset', { kind: 'network', code: 'ECONNRESET' }],
    [
      'a refused connection',
      { kind: 'network', code: 'ECONNREFUSED', mayHaveReachedServer: false }
    ],
    ['an invalid response', { kind: 'invalid-response', status: 200 }]
  ])('retries get-job, get-page-views and a deployment trigger after %s', (_label, fields) => {
    for (const operation of ['get-job', 'get-page-views', 'trigger-preview'] as const) {
      const decision = decide(operation, fields)
      expect(decision.retry).toBe(true)
    }
  })

  it.each([400, 401, 403, 404, 422])('does not retry a read or a trigger after HTTP %i', status => {
    for (const operation of ['get-job', 'get-page-views', 'trigger-deployment'] as const) {
      expect(decide(operation, http(status))).toEqual({
        retry: false,
        reason: `HTTP ${status} is final`
      })
    }
  })

  it('waits at least a 503`s Retry-After on a read', () => {
    const decision = decide('get-job', http(503, { retryAfterMs: 5000 }), zero)
    expect(decision).toEqual({ retry: true, atLeastMs: 5000, reason: 'HTTP 503' })
  })

  it('waits at least a 429`s Retry-After on a read', () => {
    const decision = decide('get-page-views', http(429, { retryAfterMs: 3000 }), zero)
    expect(decision).toEqual({ retry: true, atLeastMs: 3000, reason: '429' })
  })
})

describe('the backoff: p-retry doubles from the base, randomized, up to the cap', () => {
  // Written out: a budget edited by mistake fails here instead of being copied into the expectation.
  it.each<[Operation, { retries: number; maxTimeoutMs: number }]>([
    ['create-job', { retries: 2, maxTimeoutMs: 10_000 }],
    ['send-message', { retries: 2, maxTimeoutMs: 10_000 }],
    ['trigger-automation', { retries: 2, maxTimeoutMs: 10_000 }],
    ['trigger-deployment', { retries: 2, maxTimeoutMs: 10_000 }],
    ['get-job', { retries: 5, maxTimeoutMs: 30_000 }],
    ['get-page-views', { retries: 5, maxTimeoutMs: 30_000 }]
  ])('%s', (operation, { retries, maxTimeoutMs }) => {
    expect(requestRetryPolicy(operation).backoff).toEqual({
      retries,
      minTimeoutMs: 1_000,
      factor: 2,
      maxTimeoutMs,
      randomize: true
    })
  })
})

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z')

  it('reads seconds, fractional seconds and HTTP dates as milliseconds from now', () => {
    expect(parseRetryAfter('2', now)).toBe(2000)
    expect(parseRetryAfter(' 1.5 ', now)).toBe(1500)
    expect(parseRetryAfter('0', now)).toBe(0)
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:01:00 GMT', now)).toBe(60_000)
  })

  it('reads a date in the past as 0 and nothing or garbage as undefined', () => {
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter(null, now)).toBeUndefined()
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
    expect(parseRetryAfter('', now)).toBeUndefined()
    expect(parseRetryAfter('soon', now)).toBeUndefined()
  })
})
