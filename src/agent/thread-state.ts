/**
 * What the thread already holds from this action: the tracking comment of this very request (a
 * re-run or a second delivery) and the latest job the thread talks about (for follow-ups). Only
 * comments written by the identity the token posts as are read: anyone (a person, another bot) can
 * type a marker, but nobody else can post as that identity.
 */
import type { IssueComment } from '../github/comments.js'
import type { Identity } from '../github/identity.js'
import { ownMarker, type TrackingMarker } from '../job/markers.js'

export interface ThreadState {
  /** The tracking comment of this request, with its marker. */
  own?: { comment: IssueComment; marker: TrackingMarker }
  /** The newest job named by a tracking or back-link comment of another request. */
  latestJobId?: string
  /**
   * Another request's tracking comment, newer than every comment that names the latest job, still
   * `pending` without a job: a run has claimed it and is creating that job right now (or died doing
   * so). A thread-level request waits for it (claim-wait.ts) rather than start a second job.
   */
  pendingClaim?: { comment: IssueComment; marker: TrackingMarker }
}

/** The request's key, and the key an earlier version gave it (honoured when the key has no comment). */
export interface RequestKeys {
  key: string
  formerKey?: string
}

export function readThreadState(
  comments: IssueComment[],
  { key, formerKey }: RequestKeys,
  identity: Identity
): ThreadState {
  const state: ThreadState = {}
  let former: ThreadState['own']
  for (const comment of comments) {
    const marker = ownMarker(comment, identity)
    if (marker === undefined) continue
    if (marker.kind === 'tracking' && marker.request === key) {
      state.own ??= { comment, marker }
    } else if (marker.kind === 'tracking' && formerKey && marker.request === formerKey) {
      former ??= { comment, marker }
    } else if (marker.kind === 'tracking' && marker.automation) {
      // An automation's job takes no follow-up, and nothing waits for its claim.
      continue
    } else if ((marker.kind === 'tracking' || marker.kind === 'back-link') && marker.job) {
      if (marker.kind === 'back-link' || marker.state === 'job') {
        state.latestJobId = marker.job
        state.pendingClaim = undefined
      }
    } else if (marker.kind === 'tracking' && marker.state === 'pending') {
      state.pendingClaim = { comment, marker }
    }
  }
  state.own ??= former
  return state
}
