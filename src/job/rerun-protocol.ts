/**
 * The re-run protocol, both ways in one place: what the tracking comment's marker records at each
 * step of a request, and what a later attempt of the same request (a workflow re-run, or the same
 * comment delivered again) does on reading it. The one rule behind it: never a second job for one
 * request, so a job is re-attached when its id is known and nothing is started when it may exist.
 */
import type { Marker, TrackingState } from './markers.js'
import { problemOf, type JobResult, type JobStatus, type Problem } from './result.js'

/** What a later attempt does about the request. */
export type Resume =
  | { kind: 'attach'; jobId: string }
  /** A job may exist whose id is not known (or the thread could not be read on a re-run). */
  | { kind: 'refuse'; threadUnreadable: boolean }
  /** Another workflow run (the same comment delivered twice) is sending this request right now. */
  | { kind: 'owned'; run: string }
  | { kind: 'fresh' }

export interface ResumeFacts {
  /** The marker of this request's tracking comment, when the thread holds one. */
  marker?: Marker
  /** The thread's comments could not be read. */
  threadUnreadable: boolean
  /** GITHUB_RUN_ATTEMPT. */
  runAttempt: number
  /** GITHUB_RUN_ID: a claim of another run is not this run's earlier attempt. */
  runId?: string
  /** The workflow names a job to follow (`job-id`): it knows, so nothing is refused for lack of a thread. */
  jobIdGiven: boolean
}

const MAY_HAVE_JOB: ReadonlySet<TrackingState> = new Set<TrackingState>([
  'pending',
  'job',
  'unknown'
])

export function resumeFrom(facts: ResumeFacts): Resume {
  // A re-run that cannot see what its first attempt wrote must not risk a second job.
  if (facts.threadUnreadable && facts.runAttempt > 1 && !facts.jobIdGiven) {
    return { kind: 'refuse', threadUnreadable: true }
  }
  const marker = facts.marker
  if (marker?.state === 'job' && marker.job) return { kind: 'attach', jobId: marker.job }
  // Sent by another run that has not heard back yet: that run owns the request, leave it be.
  if (marker?.state === 'pending' && marker.run && marker.run !== facts.runId) {
    return { kind: 'owned', run: marker.run }
  }
  // Sent but not answered, or answered in a way that does not say: the job may exist.
  if (marker?.state && MAY_HAVE_JOB.has(marker.state)) {
    return { kind: 'refuse', threadUnreadable: false }
  }
  return { kind: 'fresh' }
}

/** Which request a comment answers, and which workflow run writes it. */
export interface RequestRef {
  key: string
  run?: string
  /** Epoch ms: the run following the job stops by then. */
  deadline?: number
}

function marker(ref: RequestRef, job: string | undefined, state?: TrackingState): Marker {
  return { kind: 'tracking', request: ref.key, job, state, run: ref.run }
}

/** Outcomes whose comment does not show the job's end, while no run follows it any more. */
const LEFT_OPEN: ReadonlySet<JobStatus> = new Set<JobStatus>([
  'timed-out',
  'cancelled',
  'detached',
  'active'
])

/**
 * Written just before a create or a follow-up is sent: the run's claim on the request. From here on
 * a re-run refuses, and another run that delivers the same request leaves it to this one.
 */
export function markerWhileSending(ref: RequestRef, followUpJobId?: string): Marker {
  return marker(ref, followUpJobId, 'pending')
}

/** Written as soon as the job is known: a re-run re-attaches to it; the sweep waits for the run. */
export function markerWithJob(ref: RequestRef, jobId: string): Marker {
  const deadline = ref.deadline === undefined ? undefined : String(Math.ceil(ref.deadline / 1000))
  return { ...marker(ref, jobId, 'job'), phase: 'following', deadline }
}

/** Problems that prove the request never reached a job: a later attempt may send it again. */
const NOT_SENT: ReadonlySet<string> = new Set<Problem['kind']>([
  'rate-limited',
  'refused',
  'unreachable',
  'follow-up-refused'
])
/** Problems after which a job may exist that nobody can name. */
const MAY_EXIST: ReadonlySet<string> = new Set<Problem['kind']>([
  'unknown-outcome',
  'previous-attempt-unknown'
])

/** What the final comment records about the request's job. */
export function markerAfter(ref: RequestRef, result: JobResult): Marker {
  const problem = problemOf(result)
  const kind = problem?.kind ?? ''
  if (result.jobId && !NOT_SENT.has(kind)) {
    // A final comment: the sweep may finish it (left) or has nothing to do (ended).
    const left = LEFT_OPEN.has(result.status) && problem === undefined
    return { ...marker(ref, result.jobId, 'job'), phase: left ? 'left' : 'ended' }
  }
  if (MAY_EXIST.has(kind)) return marker(ref, result.jobId, 'unknown')
  return marker(ref, result.jobId)
}

/**
 * Of the tracking comments several runs wrote for one request at once, the earliest is the claim
 * that stands (comment ids only grow): the others withdraw theirs and start nothing.
 */
export function standingClaim<T extends { id: number; marker: Marker }>(
  claims: readonly T[],
  requestKey: string
): T | undefined {
  return claims
    .filter(claim => claim.marker.kind === 'tracking' && claim.marker.request === requestKey)
    .reduce<T | undefined>(
      (first, claim) => (first && first.id < claim.id ? first : claim),
      undefined
    )
}
