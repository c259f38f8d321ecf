/**
 * Earlier digests, read from this action's own comments only (anyone can type a marker). The newest
 * sets the watermark: its `since` when its job failed, was archived or never got the request (its
 * pull requests are offered again), else its `until`. A claim in flight in another run is left to
 * that run (heal.ts takes it over past its deadline). A digest reads only the records of its own kind
 * (jobs, or one trigger's), so two kinds never share a watermark and no follow-up reaches a trigger's job.
 * Pure.
 */
import type { IssueComment } from '../../github/comments.js'
import type { Identity } from '../../github/identity.js'
import { claimInFlight, lifeOf, triggeredRunOf, type TrackingLife } from '../../job/life.js'
import { isDigestKey, parsePosition, type Position } from './window.js'

export interface DigestRecord {
  commentId: number
  comment: IssueComment
  life: TrackingLife
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

export function readDigestHistory(
  comments: readonly IssueComment[],
  { identity, runId, trigger }: { identity: Identity; runId?: string; trigger?: string }
): DigestHistory {
  const digests = digestRecordsOf(comments, identity, trigger)
  const rerun = runId ? digests.filter(d => d.life.run === runId).at(-1) : undefined
  const others = digests.filter(d => !isOwnRun(d, runId))
  const newest = others.at(-1)
  const claim = newest && claimInFlight(newest.life) ? newest : undefined
  return { ...historyAfter(others.filter(d => !claimInFlight(d.life)).at(-1)), rerun, claim }
}

/** Our digest comments of one kind (`trigger`: its id) that hold a window, oldest first. */
export function digestRecordsOf(
  comments: readonly IssueComment[],
  identity: Identity,
  trigger?: string
): DigestRecord[] {
  return comments.flatMap(comment => {
    const life = lifeOf(comment, identity)
    if (life?.of.kind !== 'digest' || !isDigestKey(life.request)) return []
    if (triggeredRunOf(life)?.id !== trigger) return []
    const since = parsePosition(life.of.fields.since)
    const until = parsePosition(life.of.fields.until)
    return since && until ? [{ commentId: comment.id, comment, life, since, until }] : []
  })
}

export function isOwnRun(record: DigestRecord, runId: string | undefined): boolean {
  return runId !== undefined && record.life.run === runId
}

/** Where the next digest starts after this digest, and the docs PR it may add to. */
export function historyAfter(
  after: DigestRecord | undefined
): Pick<DigestHistory, 'watermark' | 'after' | 'docsPull'> {
  if (!after) return {}
  const { phase, of } = after.life
  const { status, pr } = of.kind === 'digest' ? of.end : {}
  // Never sent: the create or the follow-up provably never reached the service. `unknown` may have
  // started a job, and a pending follow-up may have reached its job: their PRs are taken.
  const givenBack = status === 'failed' || status === 'archived' || phase.phase === 'never-sent'
  const jobId = phase.phase === 'ended' ? phase.jobId : undefined
  const docsPull = jobId && status === 'completed' && pr ? { jobId, url: pr } : undefined
  return { watermark: givenBack ? after.since : after.until, after, docsPull }
}
