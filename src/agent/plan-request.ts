/**
 * What to do about this request, with its prompt: the re-run protocol's reading of the thread, the
 * pure plan, and the prompt when the plan sends one.
 */
import type { ThreadReading } from './conversation.js'
import { needsPrompt, planJob, type JobPlan } from './plan.js'
import { promptFor } from './request-prompt.js'
import { resumeFrom } from '../job/rerun-protocol.js'
import type { AgentFlow } from './flow.js'
import type { AgentRequest } from './request.js'

export async function planFor(
  flow: AgentFlow,
  {
    request,
    thread,
    knownPrompt,
    followJobId
  }: {
    request: AgentRequest
    thread: ThreadReading
    /** The prompt when it is known already (a code change's, a digest's). */
    knownPrompt?: string
    /** The job a follow-up goes to when not the thread's latest (a digest's open docs PR). */
    followJobId?: string
  }
): Promise<JobPlan> {
  const { settings } = flow
  const { runAttempt, runId } = flow.context
  const decision = planJob({
    fate: resumeFrom({
      marker: thread.state.own?.marker,
      threadUnreadable: thread.unreadable,
      runAttempt,
      runId: runId || undefined,
      jobIdGiven: settings.jobId !== undefined
    }),
    jobId: settings.jobId,
    followUp: settings.followUp,
    origin: request.origin,
    onPullRequest: request.thread?.isPullRequest,
    latestJobId: request.origin === 'digest' ? followJobId : thread.state.latestJobId
  })
  if (!needsPrompt(decision)) return decision
  const prompt = knownPrompt ?? (await promptFor(request, flow))
  return { ...decision, prompt }
}
