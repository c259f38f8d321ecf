/**
 * How far back a request reads its thread, newest first. Its own comments can only have been written
 * after its event, so the read stops at older ones (a follow-up reads on to the thread's job). With no
 * time known, the read stops at the key's tracking comment, or reads the whole thread. Pure.
 */
import type { IssueComment } from '../github/comments.js'
import type { Identity } from '../github/identity.js'
import type { RunnerContext } from '../shared/runner-context.js'
import { record } from './payload.js'
import { continuesThread } from './plan.js'
import type { AgentRequest } from './request.js'
import type { AgentSettings } from './settings.js'
import { readThreadState, type RequestKeys } from './thread-state.js'
import { knownJobOf } from '../job/life.js'

/** GitHub's clock against the runner's, and timestamps cut to the second: read a little further. */
const MARGIN_MS = 5 * 60_000

export interface ThreadBound {
  /** Epoch ms: no comment of this request is older; undefined: its tracking comment bounds the read. */
  since?: number
  /** Whether the read goes on until the thread's latest job is found (a follow-up may go to it). */
  latestJob: boolean
}

/** The bound of a request that came from an event (a digest has its own: digest/read-stop.ts). */
export function threadBound(
  request: AgentRequest,
  {
    context,
    settings
  }: {
    context: Pick<RunnerContext, 'payload' | 'runAttempt'>
    settings: Pick<AgentSettings, 'followUp' | 'jobId'>
  },
  now: number
): ThreadBound {
  const at = eventTime(request, context, now)
  const latestJob =
    settings.followUp &&
    settings.jobId === undefined &&
    continuesThread({ origin: request.origin, onPullRequest: request.thread?.isPullRequest })
  return { since: at === undefined ? undefined : at - MARGIN_MS, latestJob }
}

/** When the event that made the request happened, as its payload tells (epoch ms). */
function eventTime(
  request: AgentRequest,
  { payload, runAttempt }: Pick<RunnerContext, 'payload' | 'runAttempt'>,
  now: number
): number | undefined {
  switch (request.origin) {
    case 'comment':
    case 'review-comment':
      return timeOf(record(payload.comment).created_at)
    case 'issue':
      return timeOf(record(payload.issue).created_at)
    case 'label':
      // The labelled issue or pull request as the event saw it: updated by the labeling itself.
      return timeOf(record(payload.issue ?? payload.pull_request).updated_at)
    case 'code-change':
      return changeTime(request, payload)
    case 'manual':
      // A first attempt's key is new; a re-run's comment was written by an attempt of unknown start
      // (the read then stops at that comment).
      return runAttempt === 1 ? now : undefined
    default:
      return undefined
  }
}

function changeTime(request: AgentRequest, payload: Record<string, unknown>): number | undefined {
  switch (request.change?.kind) {
    case 'pull':
      return timeOf(record(payload.pull_request).merged_at)
    case 'push':
      // A push event gives its repository's `pushed_at` in epoch seconds.
      return timeOf(record(payload.repository).pushed_at)
    case 'release':
      return request.change.release.publishedAt
    default:
      return undefined
  }
}

/** An ISO 8601 time, or epoch seconds as a push event gives them; undefined when neither. */
function timeOf(value: unknown): number | undefined {
  const ms = typeof value === 'number' ? value * 1000 : Date.parse(String(value ?? ''))
  return Number.isFinite(ms) ? ms : undefined
}

/** Whether the newest comments read reach back far enough for the request's thread state. */
export function threadReadEnough(
  bound: ThreadBound,
  keys: RequestKeys,
  identity: Identity
): (newest: readonly IssueComment[]) => boolean {
  return newest => {
    const { own, latestJobId } = readThreadState([...newest], keys, identity)
    const oldest = newest[0]?.createdAt
    const reached =
      bound.since === undefined ? own !== undefined : oldest !== undefined && oldest < bound.since
    if (!reached) return false
    if (!bound.latestJob) return true
    // A request whose own comment names its job re-attaches to it: no other job is asked for.
    return latestJobId !== undefined || (own !== undefined && knownJobOf(own.life) !== undefined)
  }
}
