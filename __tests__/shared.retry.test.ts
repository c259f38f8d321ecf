import { describe, expect, it } from '@jest/globals'
import {
  backoffDelayMs,
  deadlineWaits,
  retrying,
  stopSignal,
  type Backoff,
  type RetryPolicy
} from '../src/shared/retry.js'
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

describe('retrying: the one loop counts the attempts and keeps the deadline', () => {
  const instant: Backoff = { ...polls, retries: 2, minTimeoutMs: 0 }
  /** A call failing with each of `errors` in turn, then answering `done`. */
  const failing = (errors: string[]) => {
    let calls = 0
    const call = async (): Promise<string> => {
      calls++
      const error = errors[calls - 1]
      if (error !== undefined) throw new Error(error)
      return 'done'
    }
    return { call, calls: () => calls }
  }
  const policy = (backoff: Backoff): RetryPolicy => ({
    backoff,
    decide: ({ error }) =>
      (error as Error).message === 'window'
        ? { retry: true, reason: '429', uncounted: true }
        : { retry: true, reason: 'transient' }
  })

  it('stops when the counted retries are used up, and throws the last error', async () => {
    const { call, calls } = failing(['a', 'b', 'c', 'd'])
    await expect(retrying(call, testRuntime(), { policy: policy(instant) })).rejects.toThrow('c')
    expect(calls()).toBe(3)
  })

  it('a wait inside a limit’s window uses no attempt while a deadline bounds the waits', async () => {
    const { call, calls } = failing(['a', 'window', 'window', 'window', 'b'])
    const deadline = Date.now() + 60_000
    await expect(
      retrying(call, testRuntime(), { policy: policy(instant), deadline })
    ).resolves.toBe('done')
    expect(calls()).toBe(6)
  })

  it('without a deadline, every wait is counted', async () => {
    const { call, calls } = failing(['window', 'window', 'window', 'window'])
    await expect(retrying(call, testRuntime(), { policy: policy(instant) })).rejects.toThrow(
      'window'
    )
    expect(calls()).toBe(3)
  })
})

describe('deadlineWaits', () => {
  it('gives the backoff’s waits, the last cut to the deadline, then none', () => {
    let now = 0
    const rt = testRuntime({ clock: { now: () => now, sleep: async () => undefined } })
    const next = deadlineWaits(polls, 12_000, rt)
    expect(next()).toBe(5_000)
    now = 5_000
    expect(next()).toBe(5_500)
    now = 10_500
    expect(next()).toBe(1_500)
    now = 12_000
    expect(next()).toBeUndefined()
  })
})
