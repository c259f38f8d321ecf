/**
 * Follows a job until it ends, the deadline passes, or the run is cancelled. The polls are p-retry's
 * attempts and the waits between them its backoff (poll-schedule.ts): a poll that finds the job still
 * running fails with NotEnded, and p-retry waits before the next one until `maxRetryTime` runs out.
 * A read that fails is retried inside the poll (withRetry), so one poll is one answer about the job.
 */
import pRetry from 'p-retry'
import { JOB_MISMATCH } from '../mintlify/client.js'
import { MintlifyError } from '../mintlify/errors.js'
import { isEndedJob, isKnownJobStatus, type AgentJob, type EndedJob } from '../mintlify/types.js'
import { withRetry } from '../mintlify/with-retry.js'
import type { Backoff } from '../shared/retry.js'
import type { Runtime } from '../shared/runtime.js'

export type PollOutcome =
  | { kind: 'ended'; job: EndedJob; polls: number }
  /** waitAskedMs: the service asked (Retry-After) to wait past the deadline before reading again. */
  | { kind: 'timed-out'; job?: AgentJob; polls: number; lastError?: unknown; waitAskedMs?: number }
  /** A final answer that is not a job: 401, 403, or a 404 that outlived the grace window. */
  | { kind: 'lost'; error: unknown; polls: number }

export interface PollPlan {
  getJob: (signal?: AbortSignal) => Promise<AgentJob>
  backoff: Backoff
  /** Epoch ms: no poll starts after it. */
  deadline: number
  /** When the job was created or the follow-up sent: the 404 grace counts from here. */
  startedAt: number
  /** Wait before the first poll (a job just created is active). */
  waitFirst: boolean
  /** A job read right after create may 404 for a moment (eventual consistency). */
  notFoundGraceMs?: number
}

const DEFAULT_NOT_FOUND_GRACE_MS = 30_000

/** The job has not ended yet (or could not be read this time): p-retry waits, then polls again. */
class NotEnded extends Error {
  constructor() {
    super('the job has not ended yet')
    this.name = 'NotEnded'
  }
}

/** The service asked to wait past the deadline before the next read: polling stops, timed out. */
class WaitPastDeadline extends Error {
  constructor(readonly waitMs: number) {
    super('the service asked to wait past the deadline')
    this.name = 'WaitPastDeadline'
  }
}

/** A read that failed for good: polling stops. */
class Lost extends Error {
  constructor(readonly reason: unknown) {
    super('the job could not be read')
    this.name = 'Lost'
  }
}

export async function pollJob(plan: PollPlan, rt: Runtime): Promise<PollOutcome> {
  const grace = plan.notFoundGraceMs ?? DEFAULT_NOT_FOUND_GRACE_MS
  const warnedStatuses = new Set<string>()
  let polls = 0
  let lastJob: AgentJob | undefined
  let lastError: unknown

  const read = async (): Promise<AgentJob> => {
    try {
      return await withRetry('get-job', plan.getJob, rt, {
        deadline: plan.deadline,
        onRetry: ({ reason, delayMs }) =>
          rt.log.warning(
            `Reading the job failed (${reason}); trying again in ${Math.round(delayMs / 1000)} s.`
          )
      })
    } catch (error) {
      rt.signal.throwIfAborted()
      if (!(error instanceof MintlifyError)) throw error
      // Asked again and again about our job, the service kept answering about another: lost.
      if (error.code === JOB_MISMATCH) throw new Lost(error)
      const notFoundYet =
        error.kind === 'http' && error.status === 404 && rt.clock.now() - plan.startedAt < grace
      const transient = error.kind !== 'http' || error.status === 429 || (error.status ?? 0) >= 500
      if (!notFoundYet && !transient) throw new Lost(error)
      lastError = error
      // A Retry-After is a wait, not a hint: no read before it allows, and none past the deadline.
      const waitMs = error.retryAfterMs ?? 0
      if (rt.clock.now() + waitMs > plan.deadline) throw new WaitPastDeadline(waitMs)
      rt.log.warning(
        notFoundYet
          ? 'The job is not visible yet; polling again.'
          : `Could not read the job this time (${error.message}); polling again${waitMs > 0 ? ` in ${Math.round(waitMs / 1000)} s, as the service asked` : ''}.`
      )
      if (waitMs > 0) await rt.clock.sleep(waitMs, rt.signal)
      throw new NotEnded()
    }
  }

  const poll = async (attempt: number): Promise<EndedJob> => {
    // Attempt 1 of a job just created stands for the create: the first read comes after one wait.
    if (plan.waitFirst && attempt === 1) throw new NotEnded()
    polls++
    const job = await read()
    lastJob = job
    lastError = undefined
    rt.log.debug(`Job ${job.id}: ${job.status}`)
    if (isEndedJob(job)) return job
    if (!isKnownJobStatus(job.status) && !warnedStatuses.has(job.status)) {
      warnedStatuses.add(job.status)
      rt.log.warning(`The job reports an unknown status "${job.status}"; still following it.`)
    }
    throw new NotEnded()
  }

  try {
    const job = await pRetry(poll, {
      retries: plan.backoff.retries,
      minTimeout: plan.backoff.minTimeoutMs,
      factor: plan.backoff.factor,
      maxTimeout: plan.backoff.maxTimeoutMs,
      randomize: plan.backoff.randomize,
      // The last wait is cut to the deadline, so the final poll happens right at it.
      maxRetryTime: Math.max(0, plan.deadline - rt.clock.now()),
      signal: rt.signal,
      shouldRetry: ({ error }) => error instanceof NotEnded
    })
    return { kind: 'ended', job, polls }
  } catch (error) {
    if (error instanceof NotEnded) return { kind: 'timed-out', job: lastJob, polls, lastError }
    if (error instanceof Lost) return { kind: 'lost', error: error.reason, polls }
    if (error instanceof WaitPastDeadline) {
      return { kind: 'timed-out', job: lastJob, polls, lastError, waitAskedMs: error.waitMs }
    }
    throw error
  }
}
