/**
 * How long to wait before the next poll. The wait grows with the time already spent, by a tenth of
 * it (the same curve as a backoff factor of 1.1 per poll), from `firstDelayMs` up to `maxDelayMs`.
 * Jitter only shortens a wait, so a job that ends at time T is noticed within
 * min(maxDelayMs, firstDelayMs + T / 10) at the latest.
 */
export interface PollSchedule {
  firstDelayMs: number
  maxDelayMs: number
  /** Share of the elapsed time added to the wait (0.1 = factor 1.1). */
  growth: number
  /** Largest share by which a wait is shortened at random (spreads parallel runs). */
  jitter: number
}

export const DEFAULT_POLL_SCHEDULE: PollSchedule = {
  firstDelayMs: 5_000,
  maxDelayMs: 30_000,
  growth: 0.1,
  jitter: 0.03
}

export function nextPollDelay(
  elapsedMs: number,
  schedule: PollSchedule,
  random: () => number = Math.random
): number {
  const nominal = Math.min(schedule.maxDelayMs, schedule.firstDelayMs + schedule.growth * elapsedMs)
  return Math.round(nominal * (1 - schedule.jitter * random()))
}
