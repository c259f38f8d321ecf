/**
 * What to do about the job, decided from what is known before any call to the service. Pure. The
 * plan is the request's fate as the re-run protocol names it, with a `fresh` request told apart into
 * what is sent: a create or a follow-up.
 */
import type { RequestFate } from '../job/rerun-protocol.js'
import type { SendPlan } from '../job/send-once.js'
import type { TriggerPlan } from '../job/trigger-once.js'
import type { Origin } from './request.js'

/** A fate ready to carry out: a fresh request becomes what is sent (a prompt, or a trigger). */
export type JobPlan = Exclude<RequestFate, { kind: 'fresh' }> | SendPlan | TriggerPlan

/** The plan before the prompt is written: what is sent, without it. */
export type JobDecision =
  Exclude<JobPlan, SendPlan> | { kind: 'create' } | { kind: 'follow-up'; jobId: string }

export interface PlanFacts {
  /** What the re-run protocol read from the request's tracking comment. */
  fate: RequestFate
  /** The `job-id` input. */
  jobId?: string
  followUp: boolean
  origin: Origin
  /** The request reports on a pull request (a merged one's code change continues its job). */
  onPullRequest?: boolean
  /** The newest job the thread talks about, for follow-ups (a digest's: the open docs PR's job). */
  latestJobId?: string
}

/**
 * Whether the request goes to the thread's job when there is one: a comment, a labeling, a digest,
 * and a pull request's code change (one docs PR per code PR, whether a label, a comment or the
 * merge asked first). An opened issue and a workflow's own prompt always start their own job.
 */
export function continuesThread(facts: Pick<PlanFacts, 'origin' | 'onPullRequest'>): boolean {
  if (facts.origin === 'code-change') return facts.onPullRequest === true
  return ['comment', 'review-comment', 'label', 'digest'].includes(facts.origin)
}

export function planJob(facts: PlanFacts): JobDecision {
  const { fate } = facts
  if (fate.kind !== 'fresh') return fate
  if (facts.jobId) return { kind: 'attach', jobId: facts.jobId, mode: 'attached' }
  if (facts.followUp && continuesThread(facts) && facts.latestJobId) {
    return { kind: 'follow-up', jobId: facts.latestJobId }
  }
  return { kind: 'create' }
}

export function needsPrompt(
  decision: JobDecision
): decision is Extract<JobDecision, { kind: 'create' | 'follow-up' }> {
  return decision.kind === 'create' || decision.kind === 'follow-up'
}
