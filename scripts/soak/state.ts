/**
 * What the soak reads back from the fakes: the action's comments and their final markers (through
 * the action's own parser, src/job/markers.ts), the emulator's jobs, and where a violation came from.
 * The GitHub fake keeps its store to itself (tests read it through the API); the soak reads the store
 * directly, so that a year of comments costs no requests and no run's numbers.
 */
import type { GitHubFake } from '../../fakes/github-fake.js'
import type { JobSnapshot, ServiceEmulator } from '../../fakes/service-emulator.js'
import { WORKFLOW_BOT } from '../../src/github/identity.js'
import { lifeOfMarker, type TrackingLife } from '../../src/job/life.js'
import { ownMarker, type Marker, type TrackingMarker } from '../../src/job/markers.js'
import type { RunRecord, Soak } from './harness.js'

export interface StoredComment {
  id: number
  owner: string
  repo: string
  issueNumber: number
  body: string
  user: { login: string; type: string }
  created_at?: string
}

interface FakeStore {
  issueComments: Map<number, StoredComment>
  /** The id the next comment gets (ids only grow). */
  nextId: number
}

/** The comment as the action reads it: its marker counts only through the one ownership rule. */
function markerOf(comment: StoredComment): Marker | undefined {
  const read = {
    id: comment.id,
    body: comment.body,
    htmlUrl: '',
    userLogin: comment.user.login,
    userType: comment.user.type,
    createdAt: comment.created_at ? Date.parse(comment.created_at) : undefined
  }
  return ownMarker(read, WORKFLOW_BOT)
}

function storeOf(github: GitHubFake): FakeStore {
  return (github as unknown as { state: FakeStore }).state
}

/** The comment of that id, if it exists. */
export function commentById(github: GitHubFake, id: number): StoredComment | undefined {
  return storeOf(github).issueComments.get(id)
}

/** The highest comment id given so far (a deleted comment's id is never given again). */
export function lastCommentId(github: GitHubFake): number {
  return storeOf(github).nextId - 1
}

/** Every comment of ours in acme/docs with its final marker. */
export function ownMarked(github: GitHubFake): { comment: StoredComment; marker: Marker }[] {
  const found: { comment: StoredComment; marker: Marker }[] = []
  for (const comment of storeOf(github).issueComments.values()) {
    if (comment.repo !== 'docs') continue
    const marker = markerOf(comment)
    if (marker) found.push({ comment, marker })
  }
  return found
}

/** The tracking marker of one of our comments, if it has one. */
export function trackingOf(comment: StoredComment): TrackingMarker | undefined {
  const marker = markerOf(comment)
  return marker?.kind === 'tracking' ? marker : undefined
}

/** Every tracking comment of ours, with its life. */
export function trackingComments(
  github: GitHubFake
): { comment: StoredComment; marker: TrackingMarker; life: TrackingLife }[] {
  return ownMarked(github).flatMap(({ comment, marker }) =>
    marker.kind === 'tracking'
      ? [{ comment, marker, life: lifeOfMarker(marker, { body: comment.body }) }]
      : []
  )
}

/** The job's snapshot; a job that has not ended by `at` is `running`. */
export function jobEnd(
  emulator: ServiceEmulator,
  id: string,
  at: number
): { job: JobSnapshot; endedAt?: number; outcome: string } | undefined {
  const job = emulator.job(id)
  if (job === undefined) return undefined
  const ended = job.endsAt !== undefined && job.endsAt <= at
  return { job, endedAt: ended ? job.endsAt : undefined, outcome: ended ? job.outcome : 'running' }
}

/** A violation of invariant `n`, traced back to the run that caused it where one is known. */
export interface Violation {
  invariant: number
  text: string
  run?: RunRecord
}

/** `run 100234 (digest, 2027-03-02T00:01Z, fault: kill at POST /v2/…)`. */
export function describeRun(run: RunRecord | undefined): string {
  if (run === undefined) return 'no run known'
  const at = new Date(run.at).toISOString().slice(0, 16) + 'Z'
  const fault = run.struck ?? (run.fault ? `${run.fault.fault} (drawn, not reached)` : 'none')
  const about = run.about ? ` ${run.about}` : ''
  return `run ${run.runId} (${run.kind}${about}, ${at}, fault: ${fault})`
}

/** The run that created a job. */
export function creatorOf(soak: Soak, jobId: string): RunRecord | undefined {
  return soak.records.find(r => r.jobs.includes(jobId))
}
