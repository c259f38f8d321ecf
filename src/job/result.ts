/** What a run ended with: the status output and everything the comment and summary show. */
import type { AgentJob } from '../mintlify/types.js'
import type { PullRequestLink } from './pull-request-link.js'

export type AgentStatus =
  | 'active'
  | 'completed'
  | 'archived'
  | 'failed'
  | 'timed-out'
  | 'detached'
  | 'cancelled'
  | 'skipped'

/** How this run came to follow its job. */
export type JobMode = 'created' | 'attached' | 're-attached' | 'follow-up'

/** Why no job result could be given. `message` is the service's text, redacted, still untrusted. */
export type Problem =
  | { kind: 'refused'; httpStatus?: number; message?: string; details: string[] }
  | { kind: 'rate-limited'; retryAfterMs?: number }
  /** The request never left: `reason` names the host and the system code. */
  | { kind: 'unreachable'; reason: string }
  | { kind: 'unknown-outcome'; cause: string }
  | { kind: 'lost'; cause: string; httpStatus?: number }
  /** threadUnreadable: a re-run could not read the thread to find the earlier attempt's job. */
  | { kind: 'previous-attempt-unknown'; threadUnreadable?: boolean }
  | { kind: 'follow-up-refused'; httpStatus?: number; message?: string }

export interface AgentResult {
  status: AgentStatus
  jobId?: string
  job?: AgentJob
  mode?: JobMode
  pr?: PullRequestLink
  /** A prLink that is not an https pull-request URL: shown as code, never linked. */
  untrustedPrLink?: string
  problem?: Problem
  /** How long this run followed the job. */
  elapsedMs: number
  /** For timed-out: the wait that ran out. */
  maxWaitMs?: number
  /** For timed-out: the service asked (Retry-After) to wait this long, past the deadline. */
  waitAskedMs?: number
  /** For skipped: the workflow run (and its comment) that owns this request. */
  ownedBy?: { run?: string; url?: string }
}

/** Outcomes that fail the step when fail-on-error is true. */
export function isFailure(result: AgentResult): boolean {
  return (
    result.status === 'failed' ||
    result.status === 'archived' ||
    result.status === 'timed-out' ||
    result.problem !== undefined
  )
}
