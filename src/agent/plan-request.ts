/**
 * What to do about this request, with its prompt: the re-run protocol's reading of the thread, the
 * pure plan, and the prompt when the plan sends one.
 */
import type { Octokit } from '../github/octokit.js'
import type { RunnerContext } from '../shared/runner-context.js'
import type { Runtime } from '../shared/runtime.js'
import type { ThreadReading } from './conversation.js'
import { needsPrompt, planJob, type JobPlan } from './plan.js'
import { promptFor } from './request-prompt.js'
import { resumeFrom } from '../job/rerun-protocol.js'
import type { AgentSettings } from './settings.js'
import type { AgentRequest } from './request.js'

export async function planFor(
  settings: AgentSettings,
  request: AgentRequest,
  thread: ThreadReading,
  { runAttempt, runId }: RunnerContext,
  octokit: Octokit | undefined,
  rt: Runtime,
  /** The prompt when it is known already (a code change's). */
  knownPrompt?: string
): Promise<JobPlan> {
  const decision = planJob({
    resume: resumeFrom({
      marker: thread.state.own?.marker,
      threadUnreadable: thread.unreadable,
      runAttempt,
      runId: runId || undefined,
      jobIdGiven: settings.jobId !== undefined
    }),
    jobId: settings.jobId,
    followUp: settings.followUp,
    origin: request.origin,
    latestJobId: thread.state.latestJobId
  })
  if (!needsPrompt(decision)) return decision
  const prompt = knownPrompt ?? (await promptFor(request, settings.includeContext, octokit, rt))
  return { ...decision, prompt }
}
