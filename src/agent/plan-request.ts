/**
 * What to do about this request, with its prompt: the re-run protocol's reading of the thread, the
 * pure plan, and the prompt when the plan sends one.
 */
import type { ThreadReading } from './conversation.js'
import { needsPrompt, planJob, type JobPlan } from './plan.js'
import { promptFor } from './request-prompt.js'
import { resumeFrom } from '../job/rerun-protocol.js'
import { settleClaim } from './claim-wait.js'
import type { AgentFlow } from './flow.js'
import type { Run } from './run.js'

/** A run ready to plan, as the trigger or the digest made it. */
export interface PlannedRequest extends Run {
  /** A digest's: the job a follow-up goes to (its open docs PR's), not the thread's latest. */
  digest?: { followJobId?: string }
}

export async function planFor(
  { request, sends, digest }: PlannedRequest,
  thread: ThreadReading,
  flow: AgentFlow
): Promise<JobPlan> {
  const { settings } = flow
  const { runAttempt, runId } = flow.context
  const planned = planJob({
    fate: resumeFrom({
      life: thread.state.own?.life,
      threadUnreadable: thread.unreadable,
      runAttempt,
      runId: runId || undefined,
      jobIdGiven: settings.jobId !== undefined
    }),
    jobId: settings.jobId,
    followUp: settings.followUp,
    origin: request.origin,
    onPullRequest: request.thread?.isPullRequest,
    latestJobId: digest ? digest.followJobId : thread.state.latestJobId
  })
  if (!needsPrompt(planned)) return planned
  // A run that triggers instead of sending a prompt never continues a job, whatever the thread holds.
  if (sends.kind !== 'prompt') return { kind: 'trigger', id: sends.id }
  // About to send while another request of the thread is creating its job: continue that job.
  const claimedJobId = await settleClaim(request, thread, flow)
  const decision = claimedJobId ? { kind: 'follow-up' as const, jobId: claimedJobId } : planned
  const prompt = sends.text ?? (await promptFor(request, flow))
  return { ...decision, prompt }
}
