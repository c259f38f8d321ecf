/**
 * The re-run protocol, both ways in one place: what the tracking comment's marker records at each
 * step of a request, and what a later attempt of the same request (a workflow re-run, or the same
 * comment delivered again) does on reading it. The one rule behind it: never a second job for one
 * request, so a job is re-attached when its id is known and nothing is started when it may exist.
 */
import type { Marker, TrackingState } from './markers.js'
import type { AgentResult } from './outcome.js'

/** What a later attempt does about the request. */
export type Resume =
  | { kind: 'attach'; jobId: string }
  /** A job may exist whose id is not known (or the thread could not be read on a re-run). */
  | { kind: 'refuse'; threadUnreadable: boolean }
  | { kind: 'fresh' }

export interface ResumeFacts {
  /** The marker of this request's tracking comment, when the thread holds one. */
  marker?: Marker
  /** The thread's comments could not be read. */
  threadUnreadable: boolean
  /** GITHUB_RUN_ATTEMPT. */
  runAttempt: number
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
  // Sent but not answered, or answered in a way that does not say: the job may exist.
  if (marker?.state && MAY_HAVE_JOB.has(marker.state)) {
    return { kind: 'refuse', threadUnreadable: false }
  }
  return { kind: 'fresh' }
}

function marker(requestKey: string, job: string | undefined, state?: TrackingState): Marker {
  return { kind: 'tracking', request: requestKey, job, state }
}

/** Written just before a create or a follow-up is sent: from here on, a re-run refuses. */
export function markerWhileSending(requestKey: string, followUpJobId?: string): Marker {
  return marker(requestKey, followUpJobId, 'pending')
}

/** Written as soon as the job is known: a re-run re-attaches to it. */
export function markerWithJob(requestKey: string, jobId: string): Marker {
  return marker(requestKey, jobId, 'job')
}

/** Problems that prove the request never reached a job: a later attempt may send it again. */
const NOT_SENT = new Set(['rate-limited', 'refused', 'unreachable', 'follow-up-refused'])
/** Problems after which a job may exist that nobody can name. */
const MAY_EXIST = new Set(['unknown-outcome', 'previous-attempt-unknown'])

/** What the final comment records about the request's job. */
export function markerAfter(requestKey: string, result: AgentResult): Marker {
  const problem = result.problem?.kind ?? ''
  if (result.jobId && !NOT_SENT.has(problem)) return markerWithJob(requestKey, result.jobId)
  if (MAY_EXIST.has(problem)) return marker(requestKey, result.jobId, 'unknown')
  return marker(requestKey, result.jobId)
}
