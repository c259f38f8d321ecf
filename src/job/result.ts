/** What following a job ended with: one case per status, each with exactly the fields it has. */
import type { AgentJob, EndedJob } from '../mintlify/types.js'
import { parsePullRequestLink, type PullRequestLink } from './pull-request-link.js'

/** How this run came to follow its job. */
export type JobMode = 'created' | 'attached' | 're-attached' | 'follow-up'

/** Why no job result could be given. `message` is the service's text, redacted, still untrusted. */
export type Problem =
  | { kind: 'refused'; httpStatus?: number; message?: string; details: string[] }
  | { kind: 'rate-limited'; retryAfterMs?: number }
  /** The request never left: `reason` names the host and the system code. */
  | { kind: 'unreachable'; reason: string }
  /** Sent by this run, but whether it reached a job could not be told. */
  | { kind: 'unknown-outcome'; cause: string }
  | { kind: 'lost'; cause: string; httpStatus?: number }
  /** An earlier attempt may have started a job nobody can name (rerun-protocol.ts). */
  | { kind: 'unknown'; threadUnreadable?: boolean }
  | { kind: 'follow-up-refused'; httpStatus?: number; message?: string }

interface Followed {
  jobId: string
  mode: JobMode
  /** How long this run (or, for the sweep, the original run) followed the job. */
  elapsedMs: number
}

/** What a triggered request set off: the trigger's id and, once it answered, the run's `instanceId`. */
export interface TriggeredRun {
  id: string
  instanceId?: string
}

/** Any result, and the run it is about when the request was a trigger. */
export type JobResult = JobOutcomeResult & { trigger?: TriggeredRun }

type JobOutcomeResult =
  | (Followed & {
      status: 'completed'
      job: AgentJob
      pr?: PullRequestLink
      /** A prLink that is not an https pull-request URL: shown as code, never linked. */
      untrustedPrLink?: string
    })
  | (Followed & { status: 'failed' | 'archived'; job: AgentJob })
  | (Followed & {
      status: 'timed-out'
      job?: AgentJob
      maxWaitMs: number
      /** The service asked (Retry-After) to wait this long, past the deadline. */
      waitAskedMs?: number
    })
  /** Still running and no run waits for it: `wait: false`, or `detach` at the deadline. */
  | (Followed & { status: 'active' | 'detached'; job: AgentJob; maxWaitMs?: number })
  /** A triggered run whose agent job the job read does not show (404 past the grace). */
  | (Followed & { status: 'triggered' })
  /** The run was cancelled; the job, when there is one, may still finish. */
  | { status: 'cancelled'; jobId?: string; mode?: JobMode; elapsedMs: number }
  /** No answer about a job: the `status` output says `failed`, or `cancelled` when a cancel cut it. */
  | {
      status: 'problem'
      problem: Problem
      cancelled?: boolean
      jobId?: string
      mode?: JobMode
      elapsedMs: number
    }

export type JobStatus = JobResult['status']

/** The `status` output: a problem is reported as the step's users know it, failed or cancelled. */
export function statusOutput(result: JobResult): Exclude<JobStatus, 'problem'> {
  if (result.status !== 'problem') return result.status
  return result.cancelled ? 'cancelled' : 'failed'
}

/** A result before its duration is known (the flow adds it). */
export type UntimedResult = JobResult extends infer R
  ? R extends JobResult
    ? Omit<R, 'elapsedMs'>
    : never
  : never

export function problemOf(result: JobResult): Problem | undefined {
  return result.status === 'problem' ? result.problem : undefined
}

export function pullRequestOf(result: JobResult): PullRequestLink | undefined {
  return result.status === 'completed' ? result.pr : undefined
}

export function untrustedLinkOf(result: JobResult): string | undefined {
  return result.status === 'completed' ? result.untrustedPrLink : undefined
}

/** Outcomes that fail the step when fail-on-error is true. */
export function isFailure(result: JobResult): boolean {
  return (
    result.status === 'failed' ||
    result.status === 'archived' ||
    result.status === 'timed-out' ||
    result.status === 'problem'
  )
}

export interface EndedFacts {
  jobId: string
  mode: JobMode
  elapsedMs: number
  serverUrl: string
}

/** Pure: a job that has ended, as the comment reports it; a prLink is linked only when it is safe. */
export function endedResult(
  job: EndedJob,
  { jobId, mode, elapsedMs, serverUrl }: EndedFacts
): JobResult {
  if (job.status !== 'completed') return { status: job.status, jobId, mode, elapsedMs, job }
  const pr = parsePullRequestLink(job.prLink, serverUrl)
  const untrustedPrLink = job.prLink && !pr ? job.prLink : undefined
  return { status: 'completed', jobId, mode, elapsedMs, job, pr, untrustedPrLink }
}
