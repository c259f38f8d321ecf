import type { Clock } from '../shared/clock.js'
import type { GitHubRetryInfo, GitHubRetryOptions } from './retry.js'

/** What every GitHub call needs besides octokit: time, cancellation, and a way to report retries. */
export interface CallDeps {
  clock: Clock
  signal?: AbortSignal
  onRetry?: (info: GitHubRetryInfo) => void
  /** Per-attempt timeout in ms; GITHUB_REQUEST_TIMEOUT_MS by default. */
  timeoutMs?: number
  /** A number in [0, 1) for jitter; Math.random by default. */
  random?: () => number
}

export interface RepoRef {
  owner: string
  repo: string
}

export interface IssueRef extends RepoRef {
  issueNumber: number
}

export function retryOptions(deps: CallDeps, idempotent: boolean): GitHubRetryOptions {
  return {
    clock: deps.clock,
    signal: deps.signal,
    idempotent,
    onRetry: deps.onRetry,
    timeoutMs: deps.timeoutMs,
    random: deps.random
  }
}
