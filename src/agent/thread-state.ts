/**
 * What the thread already holds from this action: the tracking comment of this very request (a
 * re-run or a second delivery) and the latest job the thread talks about (for follow-ups). Only
 * comments written by the identity the token posts as are read: anyone (a person, another bot) can
 * type a marker, but nobody else can post as that identity.
 */
import type { IssueComment } from '../github/comments.js'
import type { Identity } from '../github/identity.js'
import {
  claimInFlight,
  knownJobOf,
  lifeOfMarker,
  takesFollowUp,
  type TrackingLife
} from '../job/life.js'
import { ownMarker } from '../job/markers.js'

interface TrackingRead {
  comment: IssueComment
  life: TrackingLife
}

export interface ThreadState {
  /** The tracking comment of this request, with its marker. */
  own?: TrackingRead
  /** The newest job named by a tracking or back-link comment of another request. */
  latestJobId?: string
  /** Another request's claim newer than the latest job: its run is creating a job right now. */
  pendingClaim?: TrackingRead
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
    if (marker?.kind === 'back-link' && marker.job) {
      state.latestJobId = marker.job
      state.pendingClaim = undefined
    }
    if (marker?.kind !== 'tracking') continue
    const read = { comment, life: lifeOfMarker(marker, comment) }
    const { life } = read
    if (life.request === key) {
      state.own ??= read
    } else if (formerKey && life.request === formerKey) {
      former ??= read
    } else if (!takesFollowUp(life)) {
      continue
    } else if (knownJobOf(life)) {
      state.latestJobId = knownJobOf(life)
      state.pendingClaim = undefined
    } else if (claimInFlight(life)) {
      state.pendingClaim = read
    }
  }
  state.own ??= former
  return state
}
