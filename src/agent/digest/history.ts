/**
 * What the tracking issue says about earlier digests, read from this action's own comments only
 * (anyone can type a marker; nobody else can post as the token's identity). The newest digest comment
 * sets the watermark: its `since` when its job failed, was archived or provably never got the
 * request (a create or a follow-up refused: its pull requests are offered again), else its `until`.
 * A digest whose create is in flight in another run (pending, no job yet) is left to that run: the
 * next digest follows the one before it, so the two runs compute the same request and one of them
 * stands down; once that claim's deadline has passed, heal.ts takes it over. Pure.
 */
import type { IssueComment } from '../../github/comments.js'
import type { Identity } from '../../github/identity.js'
import { ownMarker, type TrackingMarker } from '../../job/markers.js'
import { isDigestKey, parsePosition, type Position } from './window.js'

/** One earlier digest, as its tracking comment records it. */
export interface DigestRecord {
  commentId: number
  comment: IssueComment
  marker: TrackingMarker
  since: Position
  until: Position
}

export interface DigestHistory {
  /** Pull requests after it are offered; undefined: no earlier digest (`digest-since` decides). */
  watermark?: Position
  /** The digest comment this digest follows (its request key names it); undefined: the first. */
  after?: DigestRecord
  /** This run's own digest from an earlier attempt: a re-run keeps its window and request. */
  rerun?: DigestRecord
  /** The previous digest's job, when it ended with a docs PR (which may still be open). */
  docsPull?: { jobId: string; url: string }
  /** The newest digest, when it is another run's claim with no job yet (in flight, or left by a dead run). */
  claim?: DigestRecord
}

/** Job ends after which a digest's pull requests are offered again. */
const GIVES_BACK = new Set(['failed', 'archived'])

export function readDigestHistory(
  comments: readonly IssueComment[],
  { identity, runId }: { identity: Identity; runId?: string }
): DigestHistory {
  const digests: DigestRecord[] = []
  for (const comment of comments) {
    const marker = ownMarker(comment, identity)
    if (marker?.kind !== 'tracking') continue
    const record = digestRecord(comment, marker)
    if (record) digests.push(record)
  }
  const rerun = runId ? digests.filter(d => d.marker.run === runId).at(-1) : undefined
  const others = digests.filter(d => d.marker.run !== runId || !runId)
  const newest = others.at(-1)
  const claim = newest && inFlight(newest) ? newest : undefined
  return { ...historyAfter(others.filter(d => !inFlight(d)).at(-1)), rerun, claim }
}

/** Where the next digest starts after this digest, and the docs PR it may add to. */
export function historyAfter(
  after: DigestRecord | undefined
): Pick<DigestHistory, 'watermark' | 'after' | 'docsPull'> {
  if (!after) return {}
  const { job, state, status, pr } = after.marker
  // No state: the create or the follow-up provably never reached the service. `unknown` may have
  // started a job, and a pending follow-up may have reached its job: their PRs are taken.
  const givenBack = GIVES_BACK.has(status ?? '') || state === undefined
  const docsPull = job && status === 'completed' && pr ? { jobId: job, url: pr } : undefined
  return { watermark: givenBack ? after.since : after.until, after, docsPull }
}

function digestRecord(comment: IssueComment, marker: TrackingMarker): DigestRecord | undefined {
  if (!isDigestKey(marker.request)) return undefined
  const since = parsePosition(marker.since)
  const until = parsePosition(marker.until)
  if (!since || !until) return undefined
  return { commentId: comment.id, comment, marker, since, until }
}

/** Another run has claimed this digest and not heard back from the service yet. */
function inFlight(record: DigestRecord): boolean {
  return record.marker.state === 'pending' && !record.marker.job
}
