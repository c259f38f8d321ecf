/**
 * The re-run protocol, both ways in one place: what the tracking comment's marker records at each
 * step of a request, and what a later attempt of the same request (a workflow re-run, or the same
 * comment delivered again) does on reading it. The one rule behind it: never a second job for one
 * request, so a job is re-attached when its id is known and nothing is started when it may exist.
 */
import { knownJobOf, triggerFields, triggeredRunOf, type TrackingLife } from './life.js'
import type { TrackingMarker, TrackingState } from './markers.js'
import type { JobMode, JobResult, JobStatus, Problem, TriggeredRun } from './result.js'

/** A request's fate, named alike from the marker a later attempt reads to what the run reports. */
export type RequestFate =
  /** Nothing recorded that stops it: the request is sent (a create, or a follow-up). */
  | { kind: 'fresh' }
  /** Its job is known: follow it, never send the request again. */
  | {
      kind: 'attach'
      jobId: string
      mode: Extract<JobMode, 'attached' | 're-attached'>
      instance?: string
    }
  /** A job may exist that nobody can name (or a re-run cannot read the thread): start nothing. */
  | { kind: 'unknown'; threadUnreadable: boolean }
  /** Another workflow run (the same comment delivered twice) is sending it: leave it to that run. */
  | { kind: 'owned'; run?: string; url?: string }

export type Owned = Extract<RequestFate, { kind: 'owned' }>

export interface ResumeFacts {
  life?: TrackingLife
  threadUnreadable: boolean
  /** GITHUB_RUN_ATTEMPT. */
  runAttempt: number
  /** GITHUB_RUN_ID: a claim of another run is not this run's earlier attempt. */
  runId?: string
  /** `job-id` is given: an unreadable thread then leaves nothing unknown. */
  jobIdGiven: boolean
}

export function resumeFrom(facts: ResumeFacts): RequestFate {
  // A re-run that cannot see what its first attempt wrote must not risk a second job.
  if (facts.threadUnreadable && facts.runAttempt > 1 && !facts.jobIdGiven) {
    return { kind: 'unknown', threadUnreadable: true }
  }
  const { life } = facts
  const jobId = life && knownJobOf(life)
  if (life && jobId)
    return {
      kind: 'attach',
      jobId,
      mode: 're-attached',
      instance: triggeredRunOf(life)?.instanceId
    }
  switch (life?.phase.phase) {
    case 'claimed':
    case 'sending-follow-up':
      // Sent by another run that has not heard back yet: that run owns the request, leave it be.
      if (life.run && life.run !== facts.runId) return { kind: 'owned', run: life.run }
      // Sent but not answered by this run's earlier attempt: the job may exist.
      return { kind: 'unknown', threadUnreadable: false }
    case 'unknown':
      return { kind: 'unknown', threadUnreadable: false }
    default:
      return { kind: 'fresh' }
  }
}

/** Which request a comment answers, and which workflow run writes it; every marker keeps them all. */
export interface RequestRef {
  key: string
  run?: string
  /** Epoch ms. */
  deadline?: number
  label?: string
  trigger?: TriggeredRun
}

function marker(ref: RequestRef, job: string | undefined, state?: TrackingState): TrackingMarker {
  const { key: request, run, label, trigger } = ref
  return { kind: 'tracking', request, job, state, run, label, ...triggerFields(trigger) }
}

/** Outcomes whose comment does not show the job's end, while no run follows it any more. */
const LEFT_OPEN = new Set<JobStatus>(['timed-out', 'cancelled', 'detached', 'active'])

/** The run's deadline as a marker records it: epoch seconds. */
function deadlineOf(ref: RequestRef): string | undefined {
  return ref.deadline === undefined ? undefined : String(Math.ceil(ref.deadline / 1000))
}

/**
 * Written just before a create or a follow-up is sent: the run's claim on the request, `unknown` to
 * a re-run and `owned` to another run. Past its deadline the run can no longer be creating the job.
 */
export function markerWhileSending(ref: RequestRef, followUpJobId?: string): TrackingMarker {
  return { ...marker(ref, followUpJobId, 'pending'), deadline: deadlineOf(ref) }
}

/** Written as soon as the job is known: a re-run re-attaches to it; the sweep waits for the run. */
export function markerWithJob(ref: RequestRef, jobId: string): TrackingMarker {
  return { ...marker(ref, jobId, 'job'), phase: 'following', deadline: deadlineOf(ref) }
}

/** What each problem leaves a later attempt (a Record: a new problem kind must be placed here). */
const FATE_AFTER: Record<Problem['kind'], Exclude<RequestFate['kind'], 'owned'>> = {
  'rate-limited': 'fresh',
  refused: 'fresh',
  unreachable: 'fresh',
  'follow-up-refused': 'fresh',
  'unknown-outcome': 'unknown',
  unknown: 'unknown',
  lost: 'attach'
}

function fateAfter(result: JobResult): Exclude<RequestFate['kind'], 'owned'> {
  if (result.status !== 'problem') return result.jobId ? 'attach' : 'fresh'
  const fate = FATE_AFTER[result.problem.kind]
  // A follow-up whose outcome is unknown still names its job: a later attempt follows that job.
  return fate === 'unknown' && result.jobId ? 'attach' : fate
}

/** What the final comment records about the request's job. */
export function markerAfter(ref: RequestRef, result: JobResult): TrackingMarker {
  const fate = fateAfter(result)
  if (fate === 'attach' && result.jobId) {
    const left = LEFT_OPEN.has(result.status)
    return { ...marker(ref, result.jobId, 'job'), phase: left ? 'left' : 'ended' }
  }
  if (fate === 'unknown') return marker(ref, result.jobId, 'unknown')
  return marker(ref, result.jobId)
}

/** The request as its comment's marker is written again (the re-run protocol's fields). */
export function requestRefOf(life: TrackingLife): RequestRef {
  const ref: RequestRef = { key: life.request ?? '', run: life.run, trigger: triggeredRunOf(life) }
  return life.of.kind === 'digest' ? ref : { ...ref, label: life.of.label }
}

/** Of several runs' claims on one request, the earliest stands (comment ids only grow). */
export function standingClaim<T extends { id: number; life: TrackingLife }>(
  claims: readonly T[],
  requestKey: string
): T | undefined {
  return claims
    .filter(claim => claim.life.request === requestKey)
    .reduce<T | undefined>(
      (first, claim) => (first && first.id < claim.id ? first : claim),
      undefined
    )
}
