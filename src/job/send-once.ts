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

/**
 * The job the request reached, to follow; or how the request ended without reaching one (its
 * duration is the caller's).
 */
export type Sent =
  { kind: 'sent'; followed: FollowedJob } | { kind: 'ended'; result: UntimedResult }

export async function sendOnce(
  plan: SendPlan,
  { client, rt, deadline }: { client: MintlifyClient; rt: Runtime; deadline: number }
): Promise<Sent> {
  const followUp = plan.kind === 'follow-up'
  const jobId = followUp ? plan.jobId : undefined
  const sending = await sendRetried(
    signal =>
      followUp
        ? client.sendMessage(plan.jobId, plan.prompt, { signal })
        : client.createJob(plan.prompt, { signal }),
    rt,
    {
      operation: followUp ? 'send-message' : 'create-job',
      deadline,
      what: followUp ? 'Sending the follow-up' : 'Creating the job'
    }
  )
  // A create cut off on its way may have started a job: say so, and a re-run creates no other.
  if (sending.kind === 'cancelled') {
    return sending.cutOff && !followUp ? cutOffWhileSent() : ended({ status: 'cancelled', jobId })
  }
  if (sending.kind === 'failed') {
    const mode = followUp ? 'follow-up' : undefined
    const problem = failedSendProblem(sending.error, plan.kind)
    return ended({ status: 'problem', jobId, mode, problem })
  }
  const job = sending.answer
  const sentTo = followUp ? plan.jobId : job.id
  rt.log.info(followUp ? `Follow-up sent to agent job ${sentTo}.` : `Created agent job ${sentTo}.`)
  const mode = followUp ? 'follow-up' : 'created'
  return { kind: 'sent', followed: { jobId: sentTo, mode, sentBy: { job } } }
}

/** A sent-once request's answer; or it was cancelled (`cutOff`: on its way), or it failed. */
type Sending<T> =
  | { kind: 'answered'; answer: T }
  | { kind: 'cancelled'; cutOff: boolean }
  | { kind: 'failed'; error: MintlifyError }

/** Sends under the one retry entry, which repeats only what provably did not arrive. */
export async function sendRetried<T>(
  send: (signal?: AbortSignal) => Promise<T>,
  rt: Runtime,
  { operation, deadline, what }: { operation: Operation; deadline: number; what: string }
): Promise<Sending<T>> {
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
  try {
    const onRetry = retryWarning(rt, what)
    return {
      kind: 'answered',
      answer: await withRetry(attempt, rt, { operation, deadline, onRetry })
    }
  } catch (error) {
    if (isCancellation(error)) return { kind: 'cancelled', cutOff }
    if (!(error instanceof MintlifyError)) throw error
    rt.log.info(error.message)
    return { kind: 'failed', error }
  }
}

export function ended(result: UntimedResult): Sent {
  return { kind: 'ended', result }
}

/** A cancel after the request left: it may have started a job or run, so it is never sent again. */
export function cutOffWhileSent(): Sent {
  const cause = 'the run was cancelled while waiting for the answer'
  return ended({ status: 'problem', problem: { kind: 'unknown-outcome', cause }, cancelled: true })
}

/** How a failed create or follow-up is reported; never "try again" when it may have happened. */
export function failedSendProblem(error: MintlifyError, sent: SendPlan['kind']): Problem {
  const followUp = sent === 'follow-up'
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
