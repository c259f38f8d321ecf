/**
 * Follows something the service runs (an agent job, a deployment) until it ends, the deadline
 * passes, or the run is cancelled. A failed read is retried inside the poll: one poll, one answer.
 */
import { JOB_MISMATCH } from '../mintlify/client.js'
import { MintlifyError, type Operation } from '../mintlify/errors.js'
import { isTransient } from '../mintlify/retry-policy.js'
import { isEndedJob, isKnownJobStatus, type AgentJob, type EndedJob } from '../mintlify/types.js'
import { retryWarning, withRetry } from '../mintlify/with-retry.js'
import { deadlineWaits, type Backoff } from '../shared/retry.js'
import type { Runtime } from '../shared/runtime.js'
import { progressReporter } from './poll-progress.js'

/** `job`: the last answer about what is followed (an agent job, or a deployment's status). */
export type PollOutcome<T = AgentJob, E extends T = EndedJob & T> =
  | { kind: 'ended'; job: E; polls: number }
  /** waitAskedMs: the service asked (Retry-After) to wait past the deadline before reading again. */
  | { kind: 'timed-out'; job?: T; polls: number; lastError?: unknown; waitAskedMs?: number }
  /** A final answer that is not the thing followed: 401, 403, or a 404 that outlived the grace window. */
  | { kind: 'lost'; error: unknown; polls: number }

/** What is followed, and how its answers are read. */
export interface PollSubject<T, E extends T> {
  operation: Operation
  /** For the log: `job`, `deployment`. */
  noun: string
  statusOf(answer: T): string
  describe(answer: T): string
  name(answer: T): string
  isEnded(answer: T): answer is E
  /** A documented status; another is followed like a running one, with one warning. */
  isKnown(status: string): boolean
}

export function statusSubject<T extends { id: string; status: string }, E extends T>(
  operation: Operation,
  noun: string,
  isEnded: (answer: T) => answer is E,
  isKnown: (status: string) => boolean
): PollSubject<T, E> {
  const title = noun.charAt(0).toUpperCase() + noun.slice(1)
  return {
    operation,
    noun,
    statusOf: answer => answer.status,
    describe: answer => `${title} ${answer.id}: ${answer.status}`,
    name: answer => `${title} ${answer.id}`,
    isEnded,
    isKnown
  }
}

export const AGENT_JOB = statusSubject<AgentJob, EndedJob>(
  'get-job',
  'job',
  isEndedJob,
  isKnownJobStatus
)

interface PollTiming {
  backoff: Backoff
  deadline: number
  /** When it was created or the follow-up sent: the 404 grace counts from here. */
  startedAt: number
  waitFirst: boolean
  notFoundGraceMs?: number
}

export interface PollPlan<T, E extends T> extends PollTiming {
  read: (signal?: AbortSignal) => Promise<T>
  subject: PollSubject<T, E>
}

/** How long a job just created may read 404 before it counts as not there (eventual consistency). */
export const NOT_FOUND_GRACE_MS = 30_000

/** What one poll learnt: the answer, `again` (not read this time), past the deadline, or lost. */
type Reading<T> =
  | { kind: 'job'; job: T }
  | { kind: 'again'; error: unknown }
  | { kind: 'past-deadline'; error: unknown; waitMs: number }
  | { kind: 'lost'; error: unknown }

export async function pollUntilEnded<T, E extends T>(
  plan: PollPlan<T, E>,
  rt: Runtime
): Promise<PollOutcome<T, E>> {
  const { subject } = plan
  const warnedStatuses = new Set<string>()
  let polls = 0
  const nextWait = deadlineWaits(plan.backoff, plan.deadline, rt)
  let lastJob: T | undefined
  let lastError: unknown
  const progress = progressReporter(subject, rt)
  const timedOut = (waitAskedMs?: number): PollOutcome<T, E> => ({
    kind: 'timed-out',
    job: lastJob,
    polls,
    lastError,
    ...(waitAskedMs === undefined ? {} : { waitAskedMs })
  })

  /** False once the deadline has come. */
  const waitNext = async (): Promise<boolean> => {
    const waitMs = nextWait()
    if (waitMs === undefined) return false
    progress(lastJob, waitMs)
    await rt.clock.sleep(waitMs, rt.signal)
    return true
  }

  // A job just created is active: the first read comes after one wait.
  if (plan.waitFirst && !(await waitNext())) return timedOut()
  for (;;) {
    rt.signal.throwIfAborted()
    polls++
    const reading = await readJob(plan, rt)
    rt.signal.throwIfAborted()
    if (reading.kind === 'lost') return { kind: 'lost', error: reading.error, polls }
    if (reading.kind === 'job') {
      const { job } = reading
      lastJob = job
      lastError = undefined
      const status = subject.statusOf(job)
      rt.log.debug(subject.describe(job))
      if (subject.isEnded(job)) return { kind: 'ended', job, polls }
      if (!subject.isKnown(status) && !warnedStatuses.has(status)) {
        warnedStatuses.add(status)
        rt.log.warning(
          `The ${subject.noun} reports an unknown status "${status}"; still following it.`
        )
      }
    } else {
      lastError = reading.error
      if (reading.kind === 'past-deadline') return timedOut(reading.waitMs)
    }
    if (!(await waitNext())) return timedOut()
  }
}

/** One poll: the job, read under its retry policy; a failure that outlasts it is classified. */
async function readJob<T, E extends T>(plan: PollPlan<T, E>, rt: Runtime): Promise<Reading<T>> {
  const { noun, operation } = plan.subject
  const grace = plan.notFoundGraceMs ?? NOT_FOUND_GRACE_MS
  try {
    const job = await withRetry(plan.read, rt, {
      operation,
      deadline: plan.deadline,
      onRetry: retryWarning(rt, `Reading the ${noun}`)
    })
    return { kind: 'job', job }
  } catch (error) {
    rt.signal.throwIfAborted()
    if (!(error instanceof MintlifyError)) throw error
    // Asked again and again about our job, the service kept answering about another: lost.
    if (error.code === JOB_MISMATCH) return { kind: 'lost', error }
    const notFoundYet =
      error.kind === 'http' && error.status === 404 && rt.clock.now() - plan.startedAt < grace
    if (!notFoundYet && !isTransient(error)) return { kind: 'lost', error }
    // A Retry-After is a wait, not a hint: no read before it allows, and none past the deadline.
    const waitMs = error.retryAfterMs ?? 0
    if (rt.clock.now() + waitMs > plan.deadline) return { kind: 'past-deadline', error, waitMs }
    rt.log.warning(
      notFoundYet
        ? `The ${noun} is not visible yet; polling again.`
        : `Could not read the ${noun} this time (${error.message}); polling again${waitMs > 0 ? ` in ${Math.round(waitMs / 1000)} s, as the service asked` : ''}.`
    )
    if (waitMs > 0) await rt.clock.sleep(waitMs, rt.signal)
    return { kind: 'again', error }
  }
}
