/**
 * Which tracking comments the sweep may finish, and when. Pure: a function of the comments, the
 * identity the token posts as and the time.
 */
import type { RepoComment } from '../github/comments.js'
import type { Identity } from '../github/identity.js'
import { deadClaim, endNotShown, lifeOfMarker, type TrackingLife } from '../job/life.js'
import { ownMarker } from '../job/markers.js'

/** A tracking comment of ours with its life. */
export type Tracked = { comment: RepoComment; life: TrackingLife }

export interface Candidate extends Tracked {
  jobId: string
  /** following: a run may still follow the job; left: no run does. */
  phase: 'following' | 'left'
  /** Epoch ms the following run stops by, when the comment records it. */
  deadlineMs?: number
  /** The run that wrote it: its status says whether it still follows the job. */
  marker: { run?: string }
}

function lives(comments: readonly RepoComment[], identity: Identity): Tracked[] {
  return comments.flatMap(comment => {
    const marker = ownMarker(comment, identity)
    return marker?.kind === 'tracking' ? [{ comment, life: lifeOfMarker(marker, comment) }] : []
  })
}

const oldestFirst = (a: { comment: RepoComment }, b: { comment: RepoComment }) =>
  a.comment.createdAt - b.comment.createdAt

/** This action's own tracking comments of a job whose end they do not show, oldest first. */
export function findCandidates(comments: readonly RepoComment[], identity: Identity): Candidate[] {
  return lives(comments, identity)
    .flatMap(({ comment, life }) => {
      const open = endNotShown(life)
      if (!open) return []
      const phase = open.runMayFollow ? ('following' as const) : ('left' as const)
      const { deadlineMs, run } = life
      return [{ comment, life, jobId: open.jobId, phase, deadlineMs, marker: { run } }]
    })
    .sort(oldestFirst)
}

/** Dead claims, oldest first; a digest's is left for the next digest, which takes it over. */
export function findDeadClaims(
  comments: readonly RepoComment[],
  identity: Identity,
  now: number
): Tracked[] {
  return lives(comments, identity)
    .filter(({ life }) => life.of.kind !== 'digest' && deadClaim(life, now))
    .sort(oldestFirst)
}
