import { describe, expect, it } from '@jest/globals'
import { backoffDelayMs, stopSignal, type Backoff } from '../src/shared/retry.js'
import { testRuntime } from './helpers/runtime.js'

const polls: Backoff = {
  retries: Number.POSITIVE_INFINITY,
  minTimeoutMs: 5_000,
  factor: 1.1,
  maxTimeoutMs: 30_000,
  randomize: false
}

describe('backoffDelayMs', () => {
  it('waits the first delay, then grows each wait by the factor up to the cap', () => {
    const never = (): number => {
      throw new Error('a schedule without randomize draws no number')
    }
    expect(backoffDelayMs(polls, 1, never)).toBe(5_000)
    expect(backoffDelayMs(polls, 2, never)).toBe(5_500)
    expect(backoffDelayMs(polls, 3, never)).toBe(6_050)
    expect(backoffDelayMs(polls, 30, never)).toBe(30_000)
  })

  it('spreads a randomized wait between one and two times its size', () => {
    const requests = { ...polls, minTimeoutMs: 1_000, factor: 2, randomize: true }
    expect(backoffDelayMs(requests, 2, () => 0)).toBe(2_000)
    expect(backoffDelayMs(requests, 2, () => 0.5)).toBe(3_000)
  })

  it('never waits when the first delay is zero', () => {
    expect(backoffDelayMs({ ...polls, minTimeoutMs: 0 }, 5, () => 0)).toBe(0)
  })
})

describe('stopSignal', () => {
  it("is the run's signal by default, the caller's own when given, and none for 'nothing'", () => {
    const rt = testRuntime()
    const own = new AbortController().signal
    expect(stopSignal(rt)).toBe(rt.signal)
    expect(stopSignal(rt, 'run-cancel')).toBe(rt.signal)
    expect(stopSignal(rt, { signal: own })).toBe(own)
    expect(stopSignal(rt, 'nothing')).toBeUndefined()
  })
})
