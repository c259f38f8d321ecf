/**
 * What the thread already holds from this action: the tracking comment of this very request (a
 * re-run or a second delivery) and the latest job the thread talks about (for follow-ups). Only
 * comments written by bots are read: a person can type a marker, but cannot post as a bot.
 */
import type { IssueComment } from '../github/comments.js'
import { readFinalMarker, type Marker } from './markers.js'

export interface ThreadState {
  /** The tracking comment of this request, with its marker. */
  own?: { comment: IssueComment; marker: Marker }
  /** The newest job named by a tracking or back-link comment of another request. */
  latestJobId?: string
}

export function isTrustedAuthor(comment: IssueComment): boolean {
  return comment.userType === 'Bot' || comment.userLogin.endsWith('[bot]')
}

export function readThreadState(comments: IssueComment[], requestKey: string): ThreadState {
  const state: ThreadState = {}
  for (const comment of comments) {
    if (!isTrustedAuthor(comment)) continue
    const marker = readFinalMarker(comment.body)
    if (marker === undefined) continue
    if (marker.kind === 'tracking' && marker.request === requestKey) {
      state.own ??= { comment, marker }
    } else if ((marker.kind === 'tracking' || marker.kind === 'back-link') && marker.job) {
      if (marker.kind === 'back-link' || marker.state === 'job') state.latestJobId = marker.job
    }
  }
  return state
}
