/**
 * One job a thread, the pure part: requests on one thread may arrive seconds apart, and the one
 * that finds another's pending claim waits for that job rather than start a second (claim-wait.ts).
 */
import { deadClaim, lifeOfMarker, type TrackingLife } from '../job/life.js'
import type { Marker } from '../job/markers.js'
import type { Origin } from './request.js'

/** The longest a request waits for another request's claim to name its job. */
export const CLAIM_WAIT_MS = 120_000

export interface ClaimFacts {
  /** The thread's pending claim of another request (thread-state.ts), if any. */
  claim?: TrackingLife
  followUp: boolean
  /** The workflow names the job to follow (`job-id`): nothing to wait for. */
  jobIdGiven: boolean
  origin: Origin
  /** The request reports on a pull request (a merge continues the job of its own PR). */
  onPullRequest?: boolean
  /** Epoch ms. */
  now: number
}

export type ClaimDecision =
  | { kind: 'none' }
  | { kind: 'wait' }
  /** A claim is there, but not worth waiting for: the log says why. */
  | { kind: 'ignore'; reason: string }

/**
 * Comment, label and merge requests on their own issue or pull request share the thread's job.
 * Digests, workflow prompts, opened issues and reports to `issue-number` keep their own rules.
 */
function isThreadRequest(origin: Origin, onPullRequest: boolean | undefined): boolean {
  if (origin === 'code-change') return onPullRequest === true
  return origin === 'comment' || origin === 'review-comment' || origin === 'label'
}

/** A dead claim belongs to a run that can no longer be creating its job. */
export function decideClaimWait(facts: ClaimFacts): ClaimDecision {
  const { claim } = facts
  if (claim === undefined || !facts.followUp || facts.jobIdGiven) return { kind: 'none' }
  if (!isThreadRequest(facts.origin, facts.onPullRequest)) return { kind: 'none' }
  if (deadClaim(claim, facts.now)) {
    return { kind: 'ignore', reason: 'the run that claimed it is past its deadline' }
  }
  return { kind: 'wait' }
}

/** A claim as its comment shows it now. */
export type ClaimSeen =
  | { kind: 'pending' }
  | { kind: 'job'; jobId: string }
  /** It will name no job: why, for the log. */
  | { kind: 'failed'; reason: string }

/**
 * What the claim of request `key` says now. `marker`: the final marker of the comment when it is
 * ours; `gone`: the comment was deleted (a run that lost a double delivery withdraws its claim).
 */
export function claimSeen(
  key: string | undefined,
  read: { gone: boolean; marker?: Marker }
): ClaimSeen {
  if (read.gone) return { kind: 'failed', reason: 'its comment was deleted' }
  const { marker } = read
  if (marker?.kind !== 'tracking' || marker.request !== key) {
    return { kind: 'failed', reason: 'its comment no longer carries the claim' }
  }
  const { phase } = lifeOfMarker(marker)
  if (phase.phase === 'claimed') return { kind: 'pending' }
  if (phase.phase === 'unknown') {
    return { kind: 'failed', reason: 'its job may have been created, but nobody can name it' }
  }
  if (phase.jobId) return { kind: 'job', jobId: phase.jobId }
  return { kind: 'failed', reason: 'it ended without a job' }
}
