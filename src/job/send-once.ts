/**
 * Sends the request to the service once: a create, or a follow-up message to a job. Neither has an
 * idempotency key, so a failure that may have reached the service is reported as an unknown outcome,
 * never sent again; the one retry entry repeats only what provably did not arrive.
 */
import type { MintlifyClient } from '../mintlify/client.js'
import { MintlifyError, networkText, type Operation } from '../mintlify/errors.js'
import { retryWarning, withRetry } from '../mintlify/with-retry.js'
import { isCancellation } from '../shared/cancellation.js'
import type { Runtime } from '../shared/runtime.js'
import type { FollowedJob } from './follow.js'
import type { Problem, UntimedResult } from './result.js'

/** How a `fresh` request is sent: a new job's prompt, or a follow-up to a job that exists. */
export type SendPlan =
  { kind: 'create'; prompt: string } | { kind: 'follow-up'; jobId: string; prompt: string }

/** The job the request reached, or how the request ended without one (the caller adds its duration). */
export type Sent =
  { kind: 'sent'; followed: FollowedJob } | { kind: 'ended'; result: UntimedResult }

export async function sendOnce(
  plan: SendPlan,
  { client, rt, deadline }: { client: MintlifyClient; rt: Runtime; deadline: number }
): Promise<Sent> {
  const followUp = plan.kind === 'follow-up'
  const sending = await sendRetried(
    signal =>
      followUp
        ? client.sendMessage(plan.jobId, plan.prompt, { signal })
        : client.createJob(plan.prompt, { signal }),
    rt,
    followUp
      ? { operation: 'send-message', deadline, what: 'Sending the follow-up', jobId: plan.jobId }
      : { operation: 'create-job', deadline, what: 'Creating the job' }
  )
  if (sending.kind === 'ended') return sending
  const job = sending.answer
  const sentTo = followUp ? plan.jobId : job.id
  rt.log.info(followUp ? `Follow-up sent to agent job ${sentTo}.` : `Created agent job ${sentTo}.`)
  const mode = followUp ? 'follow-up' : 'created'
  return { kind: 'sent', followed: { jobId: sentTo, mode, sentBy: { job } } }
}

interface Sending {
  operation: Operation
  deadline: number
  /** For the warning before a retry: `Creating the job`. */
  what: string
  /** The job a follow-up goes to; none for what starts something new. */
  jobId?: string
}

export async function sendRetried<T>(
  send: (signal?: AbortSignal) => Promise<T>,
  rt: Runtime,
  { operation, deadline, what, jobId }: Sending
): Promise<{ kind: 'answered'; answer: T } | Extract<Sent, { kind: 'ended' }>> {
  // A cancel that cuts a request off on its way leaves its outcome unknown, as a timeout would.
  let cutOff = false
  const attempt = async (signal?: AbortSignal): Promise<T> => {
    try {
      return await send(signal)
    } catch (error) {
      if (rt.signal.aborted) cutOff = true
      throw error
    }
  }
  const ended = (result: UntimedResult) => ({ kind: 'ended', result }) as const
  try {
    const onRetry = retryWarning(rt, what)
    const answer = await withRetry(attempt, rt, { operation, deadline, onRetry })
    return { kind: 'answered', answer }
  } catch (error) {
    if (isCancellation(error)) {
      // Cut off on its way, a create or a trigger may have started a job: a re-run starts no other.
      if (!cutOff || jobId !== undefined) return ended({ status: 'cancelled', jobId })
      const cause = 'the run was cancelled while waiting for the answer'
      const problem = { kind: 'unknown-outcome', cause } as const
      return ended({ status: 'problem', problem, cancelled: true })
    }
    if (!(error instanceof MintlifyError)) throw error
    rt.log.info(error.message)
    const followUp = jobId !== undefined
    const problem = failedSendProblem(error, followUp)
    return ended({ status: 'problem', jobId, mode: followUp ? 'follow-up' : undefined, problem })
  }
}

/** How a failed request is reported; never "try again" when it may have happened. */
function failedSendProblem(error: MintlifyError, followUp: boolean): Problem {
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
  if (error.kind === 'not-sent') {
    const message = `the request could not be built (${error.code ?? 'invalid request'}); check api-key`
    return { kind: 'refused', message, details: [] }
  }
  if (!error.mayHaveReachedServer) {
    return { kind: 'unreachable', reason: networkText(error) }
  }
  const cause =
    error.kind === 'http'
      ? `the service answered HTTP ${error.status}`
      : error.kind === 'timeout'
        ? 'no answer came within the request timeout'
        : error.kind === 'network'
          ? networkText(error)
          : 'the answer could not be read'
  return { kind: 'unknown-outcome', cause }
}
