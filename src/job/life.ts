/**
 * A tracking comment's life, read once: where its request and job stand (a tagged phase) and what
 * kind of request it answers. The marker stays the wire format (markers.ts); everyone else reads this.
 */
import type { IssueComment } from '../github/comments.js'
import type { Identity } from '../github/identity.js'
import { digestFieldsOf, type DigestFields } from './digest-marker.js'
import { ownMarker, type TrackingMarker } from './markers.js'
import { deadlineMsOf, runOverBy } from './run-over.js'
import type { TriggeredRun } from './result.js'

/** Where the request and its job stand. */
type LifePhase =
  /** A run has claimed the request and is creating its job (or died doing so): no job yet. */
  | { phase: 'claimed' }
  /** A run is sending a follow-up to a known job, not answered yet. */
  | { phase: 'sending-follow-up'; jobId: string }
  /** A run follows the job. */
  | { phase: 'following'; jobId: string }
  /** No run follows the job any more, and the comment does not show its end. */
  | { phase: 'left'; jobId: string }
  /** The comment shows the job's end. */
  | { phase: 'ended'; jobId: string }
  /** A job may exist that nobody can name (or a job the comment names as such). */
  | { phase: 'unknown'; jobId?: string }
  /** The request provably never reached a job (refused, rate-limited, unreachable). */
  | { phase: 'never-sent'; jobId?: string }

/** What the request is, with its own data. */
type LifeKind =
  | { kind: 'request'; label?: string }
  | {
      kind: 'digest'
      fields: DigestFields
      /** How its job ended (completed, failed, archived) and its docs PR, once recorded. */
      end: { status?: string; pr?: string }
      /** A digest that triggers instead of creating a job: a digest reads only its own kind's. */
      trigger?: TriggeredRun
    }
  | { kind: 'automation'; id: string; instance?: string; label?: string }

export interface TrackingLife {
  request?: string
  /** The workflow run that wrote it. */
  run?: string
  deadlineMs?: number
  /** Epoch ms the comment was written, when known. */
  writtenAt?: number
  phase: LifePhase
  of: LifeKind
}

/** The life of a comment of ours that tracks a job; undefined for any other comment. */
export function lifeOf(comment: IssueComment, identity: Identity): TrackingLife | undefined {
  const marker = ownMarker(comment, identity)
  return marker?.kind === 'tracking' ? lifeOfMarker(marker, comment) : undefined
}

/** The life a tracking marker records; its comment's text dates a marker that records no phase. */
export function lifeOfMarker(
  marker: TrackingMarker,
  comment: { body?: string; createdAt?: number } = {}
): TrackingLife {
  return {
    request: marker.request,
    run: marker.run,
    deadlineMs: deadlineMsOf(marker),
    writtenAt: comment.createdAt,
    phase: phaseOf(marker, comment.body ?? ''),
    of: kindOf(marker)
  }
}

function phaseOf(marker: TrackingMarker, body: string): LifePhase {
  const { job: jobId, state } = marker
  if (state === 'pending')
    return jobId ? { phase: 'sending-follow-up', jobId } : { phase: 'claimed' }
  if (state === undefined) return { phase: 'never-sent', jobId }
  if (state === 'unknown' || !jobId) return { phase: 'unknown', jobId }
  // A digest's recorded end is shown; a marker of an earlier version tells by its text.
  if (marker.status) return { phase: 'ended', jobId }
  return { phase: marker.phase ?? phaseOfText(body), jobId }
}

/** The phase of a comment written before markers recorded one, from the text the action wrote. */
function phaseOfText(body: string): 'following' | 'left' | 'ended' {
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

function kindOf(marker: TrackingMarker): LifeKind {
  const { label, automation, instance } = marker
  const trigger = automation ? { id: automation, instanceId: instance } : undefined
  const fields = digestFieldsOf(marker)
  if (fields) {
    return { kind: 'digest', fields, end: { status: marker.status, pr: marker.pr }, trigger }
  }
  if (automation) return { kind: 'automation', id: automation, instance, label }
  return { kind: 'request', label }
}

/** A claim still in flight: a run is creating its job right now, or died doing so. */
export function claimInFlight(life: TrackingLife): boolean {
  return life.phase.phase === 'claimed'
}

/** A claim its run can no longer be creating a job for (run-over.ts). */
export function deadClaim(life: TrackingLife, now: number): boolean {
  return claimInFlight(life) && runOverBy(life, now)
}

/**
 * The job a comment names whose end it does not show yet, and whether a run may still follow it (a
 * follow-up still being sent counts: once its run is over the job is followed, as a re-run would).
 */
export function endNotShown(
  life: TrackingLife
): { jobId: string; runMayFollow: boolean } | undefined {
  const { phase } = life
  if (phase.phase === 'left') return { jobId: phase.jobId, runMayFollow: false }
  if (phase.phase === 'following' || phase.phase === 'sending-follow-up') {
    return { jobId: phase.jobId, runMayFollow: true }
  }
  return undefined
}

/** The job the comment says exists (followed, left or ended). */
export function knownJobOf(life: TrackingLife): string | undefined {
  const { phase } = life
  const known = phase.phase === 'following' || phase.phase === 'left' || phase.phase === 'ended'
  return known ? phase.jobId : undefined
}

/** A digest's fields, kept through every rewrite of its marker. */
export function digestOf(life: TrackingLife): DigestFields | undefined {
  return life.of.kind === 'digest' ? life.of.fields : undefined
}

/** The marker's fields of a triggered run (kindOf reads them back). */
export function triggerFields(trigger: TriggeredRun | undefined): Partial<TrackingMarker> {
  return { automation: trigger?.id, instance: trigger?.instanceId }
}

/** The run an automation's trigger (a request's or a digest's) set off, as its comment records it. */
export function triggeredRunOf({ of }: TrackingLife): TriggeredRun | undefined {
  if (of.kind === 'digest') return of.trigger
  return of.kind === 'automation' ? { id: of.id, instanceId: of.instance } : undefined
}

/** An automation's job takes no follow-up (nor a back-link inviting one). */
export function takesFollowUp(life: TrackingLife): boolean {
  return triggeredRunOf(life) === undefined
}
