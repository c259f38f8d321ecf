/** Following a job to its end: the poll loop's outcome turned into its result. */
import { JOB_MISMATCH, type MintlifyClient } from '../mintlify/client.js'
import { isNotFound, MintlifyError } from '../mintlify/errors.js'
import type { AgentJob } from '../mintlify/types.js'
import { isCancellation } from '../shared/cancellation.js'
import type { Runtime } from '../shared/runtime.js'
import {
  endedResult,
  type TriggeredRun,
  type EndedFacts,
  type JobMode,
  type JobResult
} from './result.js'
import { AGENT_JOB, pollUntilEnded, type PollOutcome } from './poll.js'
import { inputsBackoff } from './poll-schedule.js'
import { plural } from '../shared/plural.js'

export interface FollowedJob {
  jobId: string
  mode: JobMode
  /** The create or follow-up was sent by this run: the job is active, the first poll waits. */
  sentBy?: { job: AgentJob }
  /** The triggered run this job is: a job read that answers 404 past the grace is `triggered`. */
  trigger?: TriggeredRun
}

export interface FollowContext {
  client: MintlifyClient
  rt: Runtime
  /** Epoch ms: max-wait-minutes after the run started. */
  deadline: number
  runStartedAt: number
  serverUrl: string
}

export interface FollowSettings {
  wait: boolean
  maxWaitMs: number
  pollIntervalMs: number
  maxPollIntervalMs: number
  detach: boolean
}

export async function followJob(
  followed: FollowedJob,
  settings: FollowSettings,
  context: FollowContext
): Promise<JobResult> {
  const { jobId, mode, sentBy } = followed
  const { rt } = context
  const elapsedMs = (): number => rt.clock.now() - context.runStartedAt
  if (!settings.wait && sentBy) {
    const status = settings.detach ? 'detached' : 'active'
    return { status, jobId, job: sentBy.job, mode, elapsedMs: elapsedMs() }
  }

  let outcome: PollOutcome
  try {
    outcome = await pollUntilEnded(
      {
        read: signal => context.client.getJob(jobId, { signal }),
        subject: AGENT_JOB,
        backoff: inputsBackoff(settings, rt.random),
        // wait: false with job-id reads the job once.
        deadline: settings.wait ? context.deadline : rt.clock.now(),
        startedAt: sentBy ? rt.clock.now() : context.runStartedAt,
        waitFirst: sentBy !== undefined,
        // The "not visible yet" grace is for a job this run just created; a job-id must exist.
        notFoundGraceMs: sentBy ? undefined : 0
      },
      rt
    )
  } catch (error) {
    if (isCancellation(error)) return { status: 'cancelled', jobId, mode, elapsedMs: elapsedMs() }
    throw error
  }
  rt.log.info(`Polled the job ${plural(outcome.polls, 'time')}.`)
  const facts = { jobId, mode, elapsedMs: elapsedMs(), serverUrl: context.serverUrl }
  // The service may not show a triggered run as an agent job: it is queued, not lost.
  if (followed.trigger && outcome.kind === 'lost' && isNotFound(outcome.error)) {
    rt.log.info(`The agent API does not show job ${jobId} of the triggered run; it is queued.`)
    return { status: 'triggered', jobId, mode, elapsedMs: facts.elapsedMs }
  }
  return resultOf(outcome, facts, settings)
}

/** Pure: how a poll outcome is reported. */
function resultOf(
  outcome: PollOutcome,
  facts: EndedFacts,
  settings: Pick<FollowSettings, 'wait' | 'maxWaitMs' | 'detach'>
): JobResult {
  const { jobId, mode, elapsedMs } = facts
  switch (outcome.kind) {
    case 'lost': {
      const { error } = outcome
      const problem = {
        kind: 'lost' as const,
        cause: error instanceof MintlifyError ? lostCause(error) : String(error),
        httpStatus: error instanceof MintlifyError ? error.status : undefined
      }
      return { status: 'problem', jobId, mode, elapsedMs, problem }
    }
    case 'timed-out': {
      const { job } = outcome
      if (!settings.wait && job) {
        return { status: settings.detach ? 'detached' : 'active', jobId, job, mode, elapsedMs }
      }
      // Still running at max-wait-minutes: with detach, the sweep finishes the comment later.
      if (settings.detach && job && outcome.waitAskedMs === undefined) {
        return { status: 'detached', jobId, job, mode, elapsedMs, maxWaitMs: settings.maxWaitMs }
      }
      // wait: false reads once; when that read failed, say so rather than "timed out".
      if (!settings.wait) {
        const cause =
          outcome.lastError instanceof MintlifyError
            ? lostCause(outcome.lastError)
            : 'the job could not be read'
        return { status: 'problem', jobId, mode, elapsedMs, problem: { kind: 'lost', cause } }
      }
      const { maxWaitMs } = settings
      return {
        status: 'timed-out',
        jobId,
        job,
        mode,
        elapsedMs,
        maxWaitMs,
        waitAskedMs: outcome.waitAskedMs
      }
    }
    case 'ended':
      return endedResult(outcome.job, facts)
  }
}

function lostCause(error: MintlifyError): string {
  if (error.kind === 'http') {
    return `HTTP ${error.status}${error.status === 404 ? ' (the job was not found)' : ''}${error.serviceMessage ? `: ${error.serviceMessage}` : ''}`
  }
  if (error.code === JOB_MISMATCH)
    return `the service kept answering about another job (${error.serviceMessage})`
  return error.kind
}
