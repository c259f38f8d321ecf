/**
 * What the tracking issue says about earlier digests, read from this action's own comments only
 * (anyone can type a marker; nobody else can post as the token's identity). The newest digest comment
 * sets the watermark: its `since` when its job failed, was archived or provably never existed (its
 * pull requests are offered again), else its `until`. A digest whose create is in flight in another run
 * (pending, no job yet) is left to that run: the next digest follows the one before it, so the two
 * runs compute the same request and one of them stands down. Pure.
 */
import type { IssueComment } from '../../github/comments.js'
import type { Identity } from '../../github/identity.js'
import { ownMarker, type TrackingMarker } from '../../job/markers.js'
import { isDigestKey, parsePosition, type Position } from './window.js'

/** One earlier digest, as its tracking comment records it. */
export interface DigestRecord {
  commentId: number
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
  const settled = digests.filter(d => d.marker.run !== runId || !runId).filter(d => !inFlight(d))
  const after = settled.at(-1)
  if (!after) return { rerun }
  const { job, state, status, pr } = after.marker
  // Without a job only a create that provably failed gives them back: `unknown` may have started one.
  const givenBack = GIVES_BACK.has(status ?? '') || (!job && state !== 'unknown')
  const docsPull = job && status === 'completed' && pr ? { jobId: job, url: pr } : undefined
  return { watermark: givenBack ? after.since : after.until, after, rerun, docsPull }
}

function digestRecord(comment: IssueComment, marker: TrackingMarker): DigestRecord | undefined {
  if (!isDigestKey(marker.request)) return undefined
  const since = parsePosition(marker.since)
  const until = parsePosition(marker.until)
  if (!since || !until) return undefined
  return { commentId: comment.id, marker, since, until }
}

/** Another run has claimed this digest and not heard back from the service yet. */
function inFlight(record: DigestRecord): boolean {
  return record.marker.state === 'pending' && !record.marker.job
}
