/**
 * The waits between polls, as p-retry's exponential backoff: the first poll waits `firstDelayMs`,
 * each wait after it is `factor` times the one before (1.1: the first interval plus a tenth of the
 * time already waited), up to `maxDelayMs`. One random draw per run shortens every wait by at most
 * `jitter`, so parallel runs spread out while a job that ends at time T is still noticed within
 * min(maxDelayMs, firstDelayMs + T / 10).
 */
import type { Backoff } from '../shared/retry.js'
import type { WaitSettings } from '../shared/wait-inputs.js'

export interface PollSchedule {
  firstDelayMs: number
  maxDelayMs: number
  factor: number
  /** Largest share by which the waits are shortened at random. */
  jitter: number
}

export const DEFAULT_POLL_SCHEDULE: PollSchedule = {
  firstDelayMs: 5_000,
  maxDelayMs: 30_000,
  factor: 1.1,
  jitter: 0.03
}

export function pollBackoff(schedule: PollSchedule, random: () => number): Backoff {
  const shorten = 1 - schedule.jitter * random()
  return {
    retries: Number.POSITIVE_INFINITY,
    minTimeoutMs: Math.round(schedule.firstDelayMs * shorten),
    factor: schedule.factor,
    maxTimeoutMs: Math.round(schedule.maxDelayMs * shorten),
    randomize: false
  }
}

/** The backoff of the `poll-interval-seconds` and `max-poll-interval-seconds` inputs. */
export function inputsBackoff(
  waits: Pick<WaitSettings, 'pollIntervalMs' | 'maxPollIntervalMs'>,
  random: () => number
): Backoff {
  const schedule = {
    ...DEFAULT_POLL_SCHEDULE,
    firstDelayMs: waits.pollIntervalMs,
    maxDelayMs: waits.maxPollIntervalMs
  }
  return pollBackoff(schedule, random)
}
