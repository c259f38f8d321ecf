/**
 * Which tracking comments the sweep may finish, and when. Pure: a function of the comments, the
 * identity the token posts as, the runs' states and the time.
 */
import type { RepoComment } from '../github/comments.js'
import type { Identity } from '../github/identity.js'
import { ownMarker, type JobPhase, type TrackingMarker } from '../job/markers.js'

export interface Candidate {
  comment: RepoComment
  marker: TrackingMarker
  jobId: string
  /** following: a run may still follow the job; left: no run does. */
  phase: Exclude<JobPhase, 'ended'>
  /** Epoch ms the following run stops by, when the comment records it. */
  deadlineMs?: number
}

/** A run is over by its deadline plus this margin (its last edit may take a moment). */
export const DEADLINE_MARGIN_MS = 10 * 60_000
/** GitHub ends a hosted job after 6 hours: no run follows a job longer. */
export const LONGEST_RUN_MS = 6 * 60 * 60_000

/**
 * The phase of a comment written before markers recorded one, from its visible text: the texts the
 * action wrote for a job it was following, and for one it stopped following.
 */
function phaseOfText(body: string): JobPhase {
  if (/this comment is updated when (it|the job) ends/.test(body)) {
    return /let its runner go/.test(body) ? 'left' : 'following'
  }
  if (
    /is still running after|The workflow run was cancelled\. Agent job|this run does not wait for it/.test(
      body
    )
  ) {
    return 'left'
  }
  return 'ended'
}

/** This action's own tracking comments of a job whose end they do not show, oldest first. */
export function findCandidates(comments: readonly RepoComment[], identity: Identity): Candidate[] {
  const candidates: Candidate[] = []
  for (const comment of comments) {
    const marker = ownMarker(comment, identity)
    if (marker?.kind !== 'tracking' || marker.state !== 'job' || !marker.job) continue
    const phase = marker.phase ?? phaseOfText(comment.body)
    if (phase === 'ended') continue
    const deadline = Number(marker.deadline)
    candidates.push({
      comment,
      marker,
      jobId: marker.job,
      phase,
      deadlineMs: Number.isFinite(deadline) && deadline > 0 ? deadline * 1000 : undefined
    })
  }
  return candidates.sort((a, b) => a.comment.createdAt - b.comment.createdAt)
}

/**
 * Whether the run that follows a "following" comment's job is over: its status says so when the
 * token can read runs (`runStatus`); else the comment is past its deadline plus a margin, or, when it
 * records none, older than the longest hosted run.
 */
export function followingRunOver(
  candidate: Pick<Candidate, 'comment' | 'deadlineMs'>,
  runStatus: string | undefined,
  now: number
): boolean {
  if (runStatus !== undefined) return runStatus === 'completed'
  if (candidate.deadlineMs !== undefined) return now > candidate.deadlineMs + DEADLINE_MARGIN_MS
  return now > candidate.comment.createdAt + LONGEST_RUN_MS
}
