/**
 * Following a job to its end: the poll loop's outcome turned into the result the comment, the
 * outputs and the summary show.
 */
import { JOB_MISMATCH, type MintlifyClient } from '../mintlify/client.js'
import { MintlifyError } from '../mintlify/errors.js'
import type { AgentJob } from '../mintlify/types.js'
import { isCancellation } from '../shared/cancellation.js'
import type { Runtime } from '../shared/runtime.js'
import type { AgentResult, JobMode } from './result.js'
import { pollJob, type PollOutcome } from './poll.js'
import { DEFAULT_POLL_SCHEDULE, pollBackoff } from './poll-schedule.js'
import { parsePullRequestLink } from './pull-request-link.js'
import { plural } from '../shared/plural.js'

export interface FollowedJob {
  jobId: string
  mode: JobMode
  /** The create or follow-up was sent by this run: the job is active, the first poll waits. */
  sentBy?: { job: AgentJob }
}

export interface FollowContext {
  client: MintlifyClient
  rt: Runtime
  /** Epoch ms: max-wait-minutes after the run started. */
  deadline: number
  /** When the action started: the 404 grace of a job attached to counts from here. */
  runStartedAt: number
  /** The GitHub host a prLink must be on to be linked. */
  serverUrl: string
}

export type FollowResult = Omit<AgentResult, 'elapsedMs'>

/** The inputs that decide how long, how often and whether a job is followed. */
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
): Promise<FollowResult> {
  const { jobId, mode, sentBy } = followed
  const { rt } = context
  if (!settings.wait && sentBy) {
    return { status: settings.detach ? 'detached' : 'active', jobId, job: sentBy.job, mode }
  }

  let outcome: PollOutcome
  try {
    outcome = await pollJob(
      {
        getJob: signal => context.client.getJob(jobId, { signal }),
        backoff: pollBackoff(
          {
            ...DEFAULT_POLL_SCHEDULE,
            firstDelayMs: settings.pollIntervalMs,
            maxDelayMs: settings.maxPollIntervalMs
          },
          rt.random
        ),
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
    if (isCancellation(error)) return { status: 'cancelled', jobId, mode }
    throw error
  }
  rt.log.info(`Polled the job ${plural(outcome.polls, 'time')}.`)
  return resultOf(outcome, followed, settings, context.serverUrl)
}

/** Pure: how a poll outcome is reported. */
export function resultOf(
  outcome: PollOutcome,
  { jobId, mode }: FollowedJob,
  settings: Pick<FollowSettings, 'wait' | 'maxWaitMs' | 'detach'>,
  serverUrl: string
): FollowResult {
  switch (outcome.kind) {
    case 'lost':
      return {
        status: 'failed',
        jobId,
        mode,
        problem: {
          kind: 'lost',
          cause:
            outcome.error instanceof MintlifyError
              ? lostCause(outcome.error)
              : String(outcome.error),
          httpStatus: outcome.error instanceof MintlifyError ? outcome.error.status : undefined
        }
      }
    case 'timed-out':
      if (!settings.wait && outcome.job) {
        return { status: settings.detach ? 'detached' : 'active', jobId, job: outcome.job, mode }
      }
      // Still running at max-wait-minutes: with detach, the sweep finishes the comment later.
      if (settings.detach && outcome.job && outcome.waitAskedMs === undefined) {
        return { status: 'detached', jobId, job: outcome.job, mode, maxWaitMs: settings.maxWaitMs }
      }
      // wait: false reads once; when that read failed, say so rather than "timed out".
      if (!settings.wait) {
        const cause =
          outcome.lastError instanceof MintlifyError
            ? lostCause(outcome.lastError)
            : 'the job could not be read'
        return { status: 'failed', jobId, mode, problem: { kind: 'lost', cause } }
      }
      return {
        status: 'timed-out',
        jobId,
        job: outcome.job,
        mode,
        maxWaitMs: settings.maxWaitMs,
        waitAskedMs: outcome.waitAskedMs
      }
    case 'ended': {
      const { job } = outcome
      const status = job.status as 'completed' | 'failed' | 'archived'
      const pr = status === 'completed' ? parsePullRequestLink(job.prLink, serverUrl) : undefined
      return {
        status,
        jobId,
        job,
        mode,
        pr,
        untrustedPrLink: status === 'completed' && job.prLink && !pr ? job.prLink : undefined
      }
    }
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
