/**
 * The life of one request's job: create it (once), send a follow-up to it, or attach to it; follow
 * it to its end; keep the tracking comment current at each step. Returns how it ended.
 */
import * as core from '@actions/core'
import type { MintlifyClient } from '../mintlify/client.js'
import { MintlifyError } from '../mintlify/errors.js'
import type { AgentJob } from '../mintlify/types.js'
import { withRetry } from '../mintlify/with-retry.js'
import type { Clock } from '../shared/clock.js'
import { isCancellation } from '../shared/cancellation.js'
import type { Marker, TrackingState } from './markers.js'
import type { AgentResult, JobMode, Problem } from './outcome.js'
import { pollJob } from './poll.js'
import { DEFAULT_POLL_SCHEDULE, type PollSchedule } from './poll-schedule.js'
import { parsePullRequestLink } from './pull-request-link.js'
import { renderTrackingComment, type CommentFrame, type TrackingPhase } from './render.js'
import type { AgentSettings } from './settings.js'
import type { TrackingComment } from './tracking-comment.js'

export type JobPlan =
  | { kind: 'create'; prompt: string }
  | { kind: 'follow-up'; jobId: string; prompt: string }
  | { kind: 'attach'; jobId: string; mode: Extract<JobMode, 'attached' | 're-attached'> }
  /** An earlier attempt may have created a job whose id was never recorded. */
  | { kind: 'previous-unknown'; threadUnreadable?: boolean }

export interface JobFlowDeps {
  client: MintlifyClient
  clock: Clock
  /** Aborts on SIGINT / SIGTERM. */
  signal: AbortSignal
  tracking: TrackingComment
  /** Instruction, requester, run link: what every version of the comment shows. */
  frame: Omit<CommentFrame, 'marker'>
  requestKey: string
  /** When the action started: max-wait-minutes counts from here. */
  runStartedAt: number
  serverUrl: string
  random?: () => number
}

export function scheduleFor(settings: AgentSettings): PollSchedule {
  return {
    ...DEFAULT_POLL_SCHEDULE,
    firstDelayMs: settings.pollIntervalMs,
    maxDelayMs: settings.maxPollIntervalMs
  }
}

export async function runJobFlow(
  plan: JobPlan,
  settings: AgentSettings,
  deps: JobFlowDeps
): Promise<AgentResult> {
  const { clock, tracking } = deps
  const deadline = deps.runStartedAt + settings.maxWaitMs
  const elapsed = (): number => clock.now() - deps.runStartedAt
  const marker = (job: string | undefined, state: TrackingState | 'none'): Marker => ({
    kind: 'tracking',
    request: deps.requestKey,
    job,
    state: state === 'none' ? undefined : state
  })
  const show = (phase: TrackingPhase, m: Marker, urgent = false): Promise<void> =>
    tracking.write(renderTrackingComment({ ...deps.frame, marker: m }, phase), { urgent })

  const finish = async (result: AgentResult): Promise<AgentResult> => {
    // A follow-up the service refused did not reach the job: a re-run sends it again, not re-attach.
    const notSent = ['rate-limited', 'refused', 'follow-up-refused'].includes(
      result.problem?.kind ?? ''
    )
    const state: TrackingState | 'none' =
      result.jobId && !notSent
        ? 'job'
        : result.problem?.kind === 'unknown-outcome' ||
            result.problem?.kind === 'previous-attempt-unknown'
          ? 'unknown'
          : 'none'
    await show(
      { phase: 'done', result },
      marker(result.jobId, state),
      result.status === 'cancelled'
    )
    return result
  }

  if (plan.kind === 'previous-unknown') {
    return finish({
      status: 'failed',
      problem: { kind: 'previous-attempt-unknown', threadUnreadable: plan.threadUnreadable },
      elapsedMs: 0
    })
  }

  // 1. Get a job to follow.
  let jobId: string
  let mode: JobMode
  let justSent = false
  let firstJob: AgentJob | undefined
  if (plan.kind === 'attach') {
    jobId = plan.jobId
    mode = plan.mode
  } else {
    const followUp = plan.kind === 'follow-up'
    await show({ phase: 'working' }, marker(followUp ? plan.jobId : undefined, 'pending'))
    // A cancel that cuts a request off on its way leaves its outcome unknown, as a timeout would.
    let cutOff = false
    const sending = async <T>(request: Promise<T>): Promise<T> => {
      try {
        return await request
      } catch (error) {
        if (deps.signal.aborted) cutOff = true
        throw error
      }
    }
    try {
      const operation = followUp ? 'send-message' : 'create-job'
      const what = followUp ? 'Sending the follow-up' : 'Creating the job'
      firstJob = await withRetry(
        operation,
        signal =>
          sending(
            followUp
              ? deps.client.sendMessage(plan.jobId, plan.prompt, { signal })
              : deps.client.createJob(plan.prompt, { signal })
          ),
        {
          clock,
          signal: deps.signal,
          deadline,
          random: deps.random,
          onRetry: ({ reason, delayMs }) =>
            core.warning(
              `${what} failed (${reason}); trying again in ${Math.round(delayMs / 1000)} s.`
            )
        }
      )
    } catch (error) {
      if (isCancellation(error)) {
        // A create cut off on its way may have started a job: say so, and mark it so a re-run does not create another.
        const problem: Problem | undefined =
          cutOff && !followUp
            ? {
                kind: 'unknown-outcome',
                cause: 'the run was cancelled while waiting for the answer'
              }
            : undefined
        return finish({
          status: 'cancelled',
          jobId: followUp ? plan.jobId : undefined,
          problem,
          elapsedMs: elapsed()
        })
      }
      if (!(error instanceof MintlifyError)) throw error
      core.error(error.message)
      return finish({
        status: 'failed',
        jobId: followUp ? plan.jobId : undefined,
        mode: followUp ? 'follow-up' : undefined,
        problem: problemOf(error, followUp),
        elapsedMs: elapsed()
      })
    }
    jobId = followUp ? plan.jobId : firstJob.id
    mode = followUp ? 'follow-up' : 'created'
    justSent = true
    core.info(followUp ? `Follow-up sent to agent job ${jobId}.` : `Created agent job ${jobId}.`)
  }

  // 2. The job id goes into the comment at once: a re-run finds it there and re-attaches.
  await show({ phase: 'following', jobId, followUp: mode === 'follow-up' }, marker(jobId, 'job'))
  if (!settings.wait && justSent && firstJob) {
    return finish({ status: 'active', jobId, job: firstJob, mode, elapsedMs: elapsed() })
  }

  // 3. Follow it.
  let outcome
  try {
    outcome = await pollJob({
      getJob: signal => deps.client.getJob(jobId, { signal }),
      clock,
      schedule: scheduleFor(settings),
      deadline: settings.wait ? deadline : clock.now(),
      startedAt: justSent ? clock.now() : deps.runStartedAt,
      waitFirst: justSent,
      signal: deps.signal,
      random: deps.random,
      onJob: job => core.debug(`Job ${job.id}: ${job.status}`),
      onWarning: message => core.warning(message)
    })
  } catch (error) {
    if (isCancellation(error))
      return finish({ status: 'cancelled', jobId, mode, elapsedMs: elapsed() })
    throw error
  }
  core.info(`Polled the job ${outcome.polls} time(s).`)

  switch (outcome.kind) {
    case 'lost':
      return finish({
        status: 'failed',
        jobId,
        mode,
        problem: {
          kind: 'lost',
          cause:
            outcome.error instanceof MintlifyError
              ? outcomeCause(outcome.error)
              : String(outcome.error)
        },
        elapsedMs: elapsed()
      })
    case 'timed-out':
      if (!settings.wait && outcome.job) {
        return finish({ status: 'active', jobId, job: outcome.job, mode, elapsedMs: elapsed() })
      }
      return finish({
        status: 'timed-out',
        jobId,
        job: outcome.job,
        mode,
        elapsedMs: elapsed(),
        maxWaitMs: settings.maxWaitMs
      })
    case 'ended': {
      const { job } = outcome
      const status = job.status as 'completed' | 'failed' | 'archived'
      const pr =
        status === 'completed' ? parsePullRequestLink(job.prLink, deps.serverUrl) : undefined
      return finish({
        status,
        jobId,
        job,
        mode,
        pr,
        untrustedPrLink: status === 'completed' && job.prLink && !pr ? job.prLink : undefined,
        elapsedMs: elapsed()
      })
    }
  }
}

function outcomeCause(error: MintlifyError): string {
  if (error.kind === 'http') {
    return `HTTP ${error.status}${error.status === 404 ? ' (the job was not found)' : ''}${error.serviceMessage ? `: ${error.serviceMessage}` : ''}`
  }
  return error.kind
}

/** How a failed create or follow-up is reported; never "try again" when it may have happened. */
function problemOf(error: MintlifyError, followUp: boolean): Problem {
  if (error.kind === 'http' && error.status === 429) {
    return { kind: 'rate-limited', retryAfterMs: error.retryAfterMs }
  }
  if (error.kind === 'http' && error.status !== undefined && error.status < 500) {
    return followUp
      ? { kind: 'follow-up-refused', httpStatus: error.status, message: error.serviceMessage }
      : {
          kind: 'refused',
          httpStatus: error.status,
          message: error.serviceMessage,
          details: error.details
        }
  }
  if (!error.mayHaveReachedServer) {
    return {
      kind: 'refused',
      message: `the Mintlify API could not be reached (${error.code ?? error.kind})`,
      details: []
    }
  }
  const cause =
    error.kind === 'http'
      ? `the service answered HTTP ${error.status}`
      : error.kind === 'timeout'
        ? 'no answer came within the request timeout'
        : error.kind === 'network'
          ? `the connection failed (${error.code ?? 'network error'})`
          : 'the answer could not be read'
  return { kind: 'unknown-outcome', cause }
}
