/**
 * Invariants 2 and 3. Two: no request key has two jobs, except after an unanswered create (a create
 * the service carried out whose answer the run never acted on: the answer was lost, or the run was
 * killed after it); those are counted and named. Three: every tracking comment whose job has ended
 * shows that end within one sweep interval; the end watch looks after each sweep that met no fault.
 * An automation's job the agent API does not show (404) has, for its comment, ended when the run
 * that triggered it ended: the comment shows `triggered` within the interval, and only such a
 * comment does (one whose job reads shows the job's own end).
 */
import type { TrackingMarker } from '../../src/job/markers.js'
import type { RunRecord, Soak } from './harness.js'
import { HOUR } from './scenario.js'
import { DIGEST_ISSUE } from './specs.js'
import {
  commentById,
  creatorOf,
  describeRun,
  jobEnd,
  lastCommentId,
  trackingComments,
  trackingOf,
  type Violation
} from './state.js'

export const SWEEP_INTERVAL = HOUR
/** What an automation's comment says when its job reads 404 (trigger-text.ts). */
const TRIGGERED = 'was triggered: its run'

export interface JobsReport {
  violations: Violation[]
  /** Jobs after an unanswered create, each named with its run. */
  excused: string[]
  /** Request keys and jobs looked at. */
  looked: { keys: number; jobs: number }
}

export function checkOneJobAKey(soak: Soak): JobsReport {
  const jobsOfKey = new Map<string, Set<string>>()
  const named = new Set<string>()
  for (const { marker } of trackingComments(soak.github)) {
    if (!marker.job || !marker.request) continue
    named.add(marker.job)
    jobsOfKey.set(marker.request, (jobsOfKey.get(marker.request) ?? new Set()).add(marker.job))
  }
  const violations: Violation[] = []
  const excused: string[] = []
  for (const [key, jobs] of jobsOfKey) {
    if (jobs.size < 2) continue
    const creators = [...jobs].map(job => creatorOf(soak, job))
    const lost = creators.find(run => run?.lostCreate)
    const text = `request ${key} has ${jobs.size} jobs: ${[...jobs].join(', ')}`
    if (lost) excused.push(`${text}, after ${describeRun(lost)}`)
    else violations.push({ invariant: 2, text, run: creators[1] })
  }
  for (const job of soak.jobIds()) {
    if (named.has(job)) continue
    const run = creatorOf(soak, job)
    if (run?.lostCreate) excused.push(`job ${job}, named by no comment, after ${describeRun(run)}`)
    else violations.push({ invariant: 2, text: `job ${job} is named by no tracking comment`, run })
  }
  return { violations, excused, looked: { keys: jobsOfKey.size, jobs: soak.jobIds().length } }
}

/**
 * Invariant 3, looked at after every sweep: the comments whose job ended an interval ago show it.
 * Without the sweep (a team that never set it up) it covers the digest records only, looked at after
 * every digest: each digest finishes the one before of its own kind (a job digest, a digest of
 * automations), so a record whose job ended before a digest of its kind started shows that end once
 * that digest is done.
 */
export class EndWatch {
  readonly violations: Violation[] = []
  /** Tracking comments with a job whose end they do not show yet. */
  private readonly open = new Set<number>()
  /** Tracking comments seen to show their job's end. */
  shown = 0
  /** Of those, automations' comments, and those shown `triggered`. */
  automations = { shown: 0, triggered: 0 }
  private lastId = 0
  private lastLook?: RunRecord

  constructor(
    private readonly soak: Soak,
    private readonly sweep = true
  ) {}

  /** After a sweep, or without the sweep after a digest: the look of invariant 3. */
  afterRun(run: RunRecord): void {
    const automation = run.kind === 'automation digest' || run.kind === 'automation backstop'
    const digest = run.kind === 'digest' || automation
    if (this.sweep ? run.kind !== 'sweep' : !digest) return
    this.collect()
    // A run that met a fault may leave its work to the next one: the interval counts from a clean one.
    const ofItsKind = (marker: TrackingMarker) =>
      this.sweep || Boolean(marker.automation) === automation
    if (run.struck === undefined) this.check(run.at, ofItsKind)
    this.lastLook = run
  }

  /** At the end: the same look, at the end of the year (without the sweep: the last digest's look). */
  finish(end: number): void {
    this.collect()
    if (this.sweep) this.check(end)
  }

  private collect(): void {
    const last = lastCommentId(this.soak.github)
    for (let id = this.lastId + 1; id <= last; id++) {
      const comment = commentById(this.soak.github, id)
      const digestRecord = comment?.issueNumber === DIGEST_ISSUE
      if (comment && trackingOf(comment) && (this.sweep || digestRecord)) this.open.add(id)
    }
    this.lastId = last
  }

  private check(at: number, ofItsKind: (marker: TrackingMarker) => boolean = () => true): void {
    const interval = this.sweep ? SWEEP_INTERVAL : 0
    for (const id of this.open) {
      const comment = commentById(this.soak.github, id)
      const marker = comment && trackingOf(comment)
      if (marker && !ofItsKind(marker)) continue
      if (!marker || marker.phase === 'ended') {
        if (marker) this.shown += 1
        if (marker?.automation) this.checkTriggered(id, marker, comment?.body ?? '')
        this.open.delete(id)
        continue
      }
      const endedAt = marker.job ? this.endOf(marker.job, at) : undefined
      if (endedAt === undefined || endedAt + interval > at) continue
      this.open.delete(id)
      this.violations.push(this.violation(id, marker, endedAt, at))
    }
  }

  /** When the job ended, as its comment should show it (a hidden automation job: its run's end). */
  private endOf(job: string, at: number): number | undefined {
    const { emulator } = this.soak
    const automation = emulator.job(job)?.automation
    if (automation && emulator.hidesJobsOf(automation)) {
      const run = creatorOf(this.soak, job)
      return run && run.end <= at ? run.end : undefined
    }
    return jobEnd(emulator, job, at)?.endedAt
  }

  /** An automation's comment shows `triggered` exactly when its job reads 404. */
  private checkTriggered(id: number, marker: TrackingMarker, body: string): void {
    const { emulator } = this.soak
    const triggered = body.includes(TRIGGERED)
    this.automations.shown += 1
    if (triggered) this.automations.triggered += 1
    if (!marker.job || triggered === emulator.hidesJobsOf(marker.automation ?? '')) return
    this.violations.push({
      invariant: 3,
      text: `comment ${id} (request ${marker.request}, job ${marker.job}) shows ${triggered ? '`triggered`' : 'a job end'} although the job read ${triggered ? 'shows the job' : 'answers 404'}`,
      run: this.soak.byRunId.get(marker.run ?? '')
    })
  }

  private violation(id: number, marker: TrackingMarker, endedAt: number, at: number): Violation {
    const late = Math.round((at - endedAt) / 60_000)
    const looker = this.sweep ? 'sweep' : 'digest'
    const last = this.lastLook ? `; last ${looker}: ${describeRun(this.lastLook)}` : ''
    return {
      invariant: 3,
      text: `comment ${id} (request ${marker.request}, job ${marker.job}, state ${marker.state ?? 'none'}, phase ${marker.phase ?? 'none'}) does not show the job's end ${late} min after it${last}`,
      run: this.soak.byRunId.get(marker.run ?? '')
    }
  }
}

/**
 * Tracking comments still `pending` with no job at the end: their run died between its claim and
 * the service's answer, and no later run of the request came (nothing else finishes them).
 */
export function pendingClaims(soak: Soak): { all: number; automations: number } {
  const stuck = trackingComments(soak.github).filter(
    ({ marker }) => marker.state === 'pending' && !marker.job
  )
  return { all: stuck.length, automations: stuck.filter(t => t.marker.automation).length }
}
