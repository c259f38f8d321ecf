/**
 * Which tracking comments the sweep may finish, and when. Pure: a function of the comments, the
 * identity the token posts as, the runs' states and the time.
 */
import type { RepoComment } from '../github/comments.js'
import type { Identity } from '../github/identity.js'
import { ownMarker, type JobPhase, type TrackingMarker } from '../job/markers.js'
import { deadlineMsOf } from '../job/run-over.js'

export interface Candidate {
  comment: RepoComment
  marker: TrackingMarker
  jobId: string
  /** following: a run may still follow the job; left: no run does. */
  phase: Exclude<JobPhase, 'ended'>
  /** Epoch ms the following run stops by, when the comment records it. */
  deadlineMs?: number
}

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
    if (marker?.kind !== 'tracking' || !marker.job) continue
    if (marker.state !== 'job' && marker.state !== 'pending') continue
    // A follow-up being sent to a known job: once its run is over, the job is followed as a
    // follow-up whose answer was lost is (the re-run protocol attaches to it).
    const phase =
      marker.state === 'pending' ? 'following' : (marker.phase ?? phaseOfText(comment.body))
    if (phase === 'ended') continue
    candidates.push({ comment, marker, jobId: marker.job, phase, deadlineMs: deadlineMsOf(marker) })
  }
  return candidates.sort((a, b) => a.comment.createdAt - b.comment.createdAt)
}
