/**
 * What to do about the job, decided from what is known before any call to the service. Pure.
 */
import type { JobMode } from '../job/result.js'
import type { Resume } from '../job/rerun-protocol.js'
import type { SendPlan } from '../job/send-once.js'
import type { Origin } from './request.js'

export type JobDecision =
  | { kind: 'create' }
  | { kind: 'follow-up'; jobId: string }
  | { kind: 'attach'; jobId: string; mode: Extract<JobMode, 'attached' | 're-attached'> }
  /** An earlier attempt may have created a job whose id was never recorded. */
  | { kind: 'previous-unknown'; threadUnreadable: boolean }
  /** Another run delivered the same request and is sending it: nothing to do here. */
  | { kind: 'owned-elsewhere'; run: string }

/** A decision ready to carry out: sending needs the prompt. */
export type JobPlan = Exclude<JobDecision, { kind: 'create' } | { kind: 'follow-up' }> | SendPlan

export interface PlanFacts {
  resume: Resume
  /** The `job-id` input. */
  jobId?: string
  followUp: boolean
  origin: Origin
  /** The newest job the thread talks about, for follow-ups (a digest's: the open docs PR's job). */
  latestJobId?: string
}

export function planJob(facts: PlanFacts): JobDecision {
  const { resume } = facts
  if (resume.kind === 'attach') return { kind: 'attach', jobId: resume.jobId, mode: 're-attached' }
  if (resume.kind === 'owned') return { kind: 'owned-elsewhere', run: resume.run }
  if (resume.kind === 'refuse') {
    return { kind: 'previous-unknown', threadUnreadable: resume.threadUnreadable }
  }
  if (facts.jobId) return { kind: 'attach', jobId: facts.jobId, mode: 'attached' }
  const continues = ['comment', 'review-comment', 'digest'].includes(facts.origin)
  if (facts.followUp && continues && facts.latestJobId) {
    return { kind: 'follow-up', jobId: facts.latestJobId }
  }
  return { kind: 'create' }
}

export function needsPrompt(
  decision: JobDecision
): decision is Extract<JobDecision, { kind: 'create' | 'follow-up' }> {
  return decision.kind === 'create' || decision.kind === 'follow-up'
}
