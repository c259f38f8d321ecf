/**
 * The automation trigger's retry policy, called directly (pure): a trigger starts a paid run and has
 * no idempotency key, so it is tried again only when it provably never left, or after a 429's wait;
 * whatever may have reached the service is final. The deadline that bounds the 429 waits is the
 * retry loop's (shared.retry.test.ts).
 */
import { describe, expect, it } from '@jest/globals'
import { MintlifyError, type MintlifyErrorFields } from '../src/mintlify/errors.js'
import { automationTriggerPolicy } from '../src/mintlify/trigger-retry.js'
import type { RetryDecision } from '../src/shared/retry.js'

const noJitter = (): number => 0

function failure(
  fields: Partial<MintlifyErrorFields> & Pick<MintlifyErrorFields, 'kind'>
): MintlifyError {
  return new MintlifyError({
    operation: 'trigger-automation',
    target: 'automation update-docs',
    mayHaveReachedServer: true,
    ...fields
  })
}

/** The decisions one policy (one trigger) takes for its failed attempts, in order. */
function decisions(...errors: unknown[]): RetryDecision[] {
  const policy = automationTriggerPolicy()
  return errors.map((error, i) =>
    policy.decide({ error, attempt: i + 1, now: 0, random: noJitter })
  )
}

const refused = failure({ kind: 'network', code: 'ECONNREFUSED', mayHaveReachedServer: false })

describe('automationTriggerPolicy', () => {
  it.each([
    ['a timeout', failure({ kind: 'timeout' })],
    ['a reset', failure({ kind: 'network', code: 'ECONNRESET' })],
    ['a 500', failure({ kind: 'http', status: 500 })],
    ['a 502', failure({ kind: 'http', status: 502 })],
    ['a 503 with Retry-After', failure({ kind: 'http', status: 503, retryAfterMs: 1_000 })],
    ['an answer cut short', failure({ kind: 'invalid-response', status: 202 })]
  ])('%s may have started a run: never sent again', (_name, error) => {
    expect(decisions(error)).toEqual([
      { retry: false, reason: 'the trigger may have reached the service' }
    ])
  })

  it('a trigger that never left is tried again, 3 attempts in all', () => {
    expect(decisions(refused, refused, refused)).toEqual([
      { retry: true, reason: 'never sent' },
      { retry: true, reason: 'never sent' },
      { retry: false, reason: 'no attempts left' }
    ])
  })

  it('a 429 waits its Retry-After, else the limit’s minute; 429s use up no attempts', () => {
    const limited = failure({ kind: 'http', status: 429 })
    const asked = failure({ kind: 'http', status: 429, retryAfterMs: 12_000 })
    expect(decisions(asked, limited, limited, limited, refused)).toEqual([
      { retry: true, reason: '429', atLeastMs: 12_000 },
      { retry: true, reason: '429', atLeastMs: 60_000 },
      { retry: true, reason: '429', atLeastMs: 60_000 },
      { retry: true, reason: '429', atLeastMs: 60_000 },
      { retry: true, reason: 'never sent' }
    ])
  })

  it.each([400, 401, 403, 404, 408, 422])('HTTP %i is final', status => {
    expect(decisions(failure({ kind: 'http', status }))[0].retry).toBe(false)
  })

  it('a request that cannot be built, a schema-breaking answer, or no service error: final', () => {
    const notSent = failure({ kind: 'not-sent', mayHaveReachedServer: false })
    const broken = failure({ kind: 'invalid-response', status: 202, schemaBroken: true })
    for (const error of [notSent, broken, new Error('bug')]) {
      expect(decisions(error)[0].retry).toBe(false)
    }
  })

  it('backs off as a create does: 1 s doubling to 10 s, with room for many 429s', () => {
    expect(automationTriggerPolicy().backoff).toEqual({
      retries: 50,
      minTimeoutMs: 1_000,
      factor: 2,
      maxTimeoutMs: 10_000,
      randomize: true
    })
  })
})
