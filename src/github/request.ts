/**
 * The shapes every GitHub call repeats, written once: the fields that name a repository or a
 * thread, a request that may be sent again, and an answer that says "not there".
 */
import type { Runtime } from '../shared/runtime.js'
import type { IssueRef, RepoRef } from './refs.js'
import { gitHubErrorStatus, withGitHubRetry, type GitHubCallOptions } from './retry.js'

/** A repository as octokit's parameters name it (only these two fields, whatever `repo` carries). */
export function inRepo(repo: RepoRef): { owner: string; repo: string } {
  return { owner: repo.owner, repo: repo.repo }
}

/** An issue or pull request's conversation as octokit's parameters name it. */
export function onIssue(ref: IssueRef): { owner: string; repo: string; issue_number: number } {
  return { ...inRepo(ref), issue_number: ref.issueNumber }
}

/** A read, an edit or a DELETE: GitHub may be sent it again, so every hiccup is retried. */
export function sendRepeatable<T>(
  send: (signal?: AbortSignal) => Promise<T>,
  rt: Runtime,
  options: GitHubCallOptions = {}
): Promise<T> {
  return withGitHubRetry(send, rt, { ...options, repeat: 'safe' })
}

/** What `sent` answers, or undefined when GitHub answered one of `absent` (404: gone, or not there). */
export async function unlessAbsent<T>(
  sent: Promise<T>,
  absent: readonly number[] = [404]
): Promise<T | undefined> {
  try {
    return await sent
  } catch (error) {
    const status = gitHubErrorStatus(error)
    if (status !== undefined && absent.includes(status)) return undefined
    throw error
  }
}

/**
 * A repeatable read whose answer is checked inside the retry, so that a malformed answer
 * (MalformedResponseError) is tried again like any hiccup.
 */
export function readChecked<D, T>(
  send: (signal?: AbortSignal) => Promise<{ data: D }>,
  check: (data: D) => T,
  rt: Runtime,
  options: GitHubCallOptions = {}
): Promise<T> {
  return sendRepeatable(async signal => check((await send(signal)).data), rt, options)
}
