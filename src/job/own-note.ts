/** A note posted once: a run first looks for a comment of ours whose marker matches it. */
import { createComment, type IssueComment } from '../github/comments.js'
import type { Identity } from '../github/identity.js'
import { findNewestComment } from '../github/newest-comments.js'
import type { Octokit } from '../github/octokit.js'
import type { IssueRef } from '../github/refs.js'
import type { Runtime } from '../shared/runtime.js'
import { ownMarker, type Marker } from './markers.js'

export interface OwnNote {
  ref: IssueRef
  matches: (marker: Marker) => boolean
  body: string
}

/** Returns whether it posted. */
export async function postNoteOnce(
  { octokit, identity }: { octokit: Octokit; identity: Identity },
  note: OwnNote,
  rt: Runtime
): Promise<boolean> {
  const predicate = (comment: IssueComment): boolean => {
    const marker = ownMarker(comment, identity)
    return marker !== undefined && note.matches(marker)
  }
  // Read from the newest end: a re-run's note is among the thread's latest comments.
  const existing = await findNewestComment(octokit, { ref: note.ref, predicate }, rt)
  if (existing !== undefined) return false
  await createComment(octokit, { ref: note.ref, body: note.body }, rt)
  return true
}
