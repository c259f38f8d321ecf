/**
 * Follows a job until it ends, the deadline passes, or the run is cancelled. Clock and sleep are
 * parameters, so the benchmark drives this very loop in virtual time.
 */
import type { Clock } from '../shared/clock.js'
import { MintlifyError } from '../mintlify/errors.js'
import { isKnownJobStatus, isTerminalJobStatus, type AgentJob } from '../mintlify/types.js'
import { withRetry } from '../mintlify/with-retry.js'
import { nextPollDelay, type PollSchedule } from './poll-schedule.js'

export type PollOutcome =
  | { kind: 'ended'; job: AgentJob; polls: number }
  | { kind: 'timed-out'; job?: AgentJob; polls: number; lastError?: unknown }
  /** A final answer that is not a job: 401, 403, or a 404 that outlived the grace window. */
  | { kind: 'lost'; error: unknown; polls: number }

export interface PollOptions {
  getJob: (signal?: AbortSignal) => Promise<AgentJob>
  clock: Clock
  schedule: PollSchedule
  /** Epoch ms: no poll starts after it. */
  deadline: number
  /** When the job was created or the follow-up sent: growth and the 404 grace count from here. */
  startedAt: number
  /** Wait before the first poll (a job just created is active). */
  waitFirst: boolean
  signal?: AbortSignal
  random?: () => number
  /** A job read right after create may 404 for a moment (eventual consistency). */
  notFoundGraceMs?: number
  onJob?: (job: AgentJob) => void
  onWarning?: (message: string) => void
}

const DEFAULT_NOT_FOUND_GRACE_MS = 30_000

export async function pollJob(options: PollOptions): Promise<PollOutcome> {
  const { clock, schedule, deadline, signal } = options
  const random = options.random ?? Math.random
  const grace = options.notFoundGraceMs ?? DEFAULT_NOT_FOUND_GRACE_MS
  const warnedStatuses = new Set<string>()
  let polls = 0
  let lastJob: AgentJob | undefined
  let lastError: unknown
  let mustWait = options.waitFirst

  for (;;) {
    if (mustWait) {
      const delay = nextPollDelay(clock.now() - options.startedAt, schedule, random)
      const remaining = deadline - clock.now()
      if (remaining <= 0) return { kind: 'timed-out', job: lastJob, polls, lastError }
      // The last wait is cut to the deadline, so the final poll happens right at it.
      await clock.sleep(Math.min(delay, remaining), signal)
    }
    mustWait = true
    signal?.throwIfAborted()

    polls++
    try {
      const job = await withRetry('get-job', options.getJob, {
        clock,
        signal,
        deadline,
        random,
        onRetry: ({ reason, delayMs }) =>
          options.onWarning?.(
            `Reading the job failed (${reason}); trying again in ${Math.round(delayMs / 1000)} s.`
          )
      })
      lastJob = job
      lastError = undefined
      options.onJob?.(job)
      if (isTerminalJobStatus(job.status)) return { kind: 'ended', job, polls }
      if (!isKnownJobStatus(job.status) && !warnedStatuses.has(job.status)) {
        warnedStatuses.add(job.status)
        options.onWarning?.(
          `The job reports an unknown status "${job.status}"; still following it.`
        )
      }
    } catch (error) {
      if (signal?.aborted) throw signal.reason
      if (!(error instanceof MintlifyError)) throw error
      const notFoundYet =
        error.kind === 'http' && error.status === 404 && clock.now() - options.startedAt < grace
      const transient = error.kind !== 'http' || error.status === 429 || (error.status ?? 0) >= 500
      if (!notFoundYet && !transient) return { kind: 'lost', error, polls }
      lastError = error
      options.onWarning?.(
        notFoundYet
          ? 'The job is not visible yet; polling again.'
          : `Could not read the job this time (${error.message}); polling again.`
      )
    }
    if (clock.now() >= deadline) return { kind: 'timed-out', job: lastJob, polls, lastError }
  }
}
