/**
 * Issue and pull-request comments. Creating one is not idempotent: after a 5xx or a lost connection
 * the comment may exist, so before posting again we look for it (its body carries a unique hidden
 * marker from the caller) and post a second time only when it is not there.
 */
import type { Octokit } from './octokit.js'
import { type CallDeps, type IssueRef, type RepoRef, retryOptions } from './deps.js'
import { listAllPages } from './paginate.js'
import { expectRecord } from './response.js'
import { gitHubBackoff, gitHubErrorStatus, gitHubRetryKind, withGitHubRetry } from './retry.js'

export type { CallDeps, IssueRef, RepoRef } from './deps.js'

export interface IssueComment {
  id: number
  body: string
  htmlUrl: string
  userLogin: string
  userType: string
}

/** GitHub refuses comment bodies longer than this. */
export const MAX_COMMENT_LENGTH = 65536

const TRUNCATION_NOTICE = '\n\n…(cut to fit the GitHub comment size limit)'

/**
 * `body` cut to at most `max` characters (UTF-16 units, never fewer than GitHub counts) with a
 * notice at the end. The cut never splits a surrogate pair and never leaves an HTML comment open,
 * which would hide the notice.
 */
export function clampCommentBody(body: string, max: number = MAX_COMMENT_LENGTH): string {
  if (body.length <= max) return body
  if (max <= TRUNCATION_NOTICE.length)
    return body.slice(0, Math.max(0, max)).replace(/[\uD800-\uDBFF]$/, '')
  let cut = body.slice(0, max - TRUNCATION_NOTICE.length)
  cut = cut.replace(/[\uD800-\uDBFF]$/, '')
  const open = cut.lastIndexOf('<!--')
  if (open !== -1 && cut.indexOf('-->', open) === -1) cut = cut.slice(0, open)
  return cut + TRUNCATION_NOTICE
}

interface RestComment {
  id: number
  body?: string | null
  html_url: string
  user?: { login: string; type?: string } | null
}

function toIssueComment(raw: RestComment): IssueComment {
  expectRecord(raw, 'a comment')
  return {
    id: raw.id,
    body: raw.body ?? '',
    htmlUrl: raw.html_url,
    userLogin: raw.user?.login ?? '',
    userType: raw.user?.type ?? ''
  }
}

/** Equal as GitHub stores them: it may turn CRLF into LF and trim the end. */
function sameBody(stored: string, sent: string): boolean {
  const normalize = (text: string): string => text.replace(/\r\n?/g, '\n').trimEnd()
  return normalize(stored) === normalize(sent)
}

/** Every comment of the issue or pull request, oldest first. */
export async function listComments(
  octokit: Octokit,
  ref: IssueRef,
  deps: CallDeps
): Promise<IssueComment[]> {
  const raw = await listAllPages(
    (page, perPage, signal) =>
      octokit.rest.issues.listComments({
        owner: ref.owner,
        repo: ref.repo,
        issue_number: ref.issueNumber,
        per_page: perPage,
        page,
        request: { signal }
      }),
    deps
  )
  return raw.map(toIssueComment)
}

export async function findComments(
  octokit: Octokit,
  ref: IssueRef,
  predicate: (comment: IssueComment) => boolean,
  deps: CallDeps
): Promise<IssueComment[]> {
  return (await listComments(octokit, ref, deps)).filter(predicate)
}

/**
 * Posts without ever posting twice: a rate limit is retried (GitHub refused, nothing happened); a
 * 5xx, reset or timeout is followed by a look for what was sent, then at most one more POST.
 */
async function postOnce<T>(
  post: (signal?: AbortSignal) => Promise<T>,
  findPosted: () => Promise<T | undefined>,
  deps: CallDeps
): Promise<T> {
  const options = retryOptions(deps, false)
  try {
    return await withGitHubRetry(post, options)
  } catch (error) {
    if (deps.signal?.aborted || gitHubRetryKind(error) !== 'transient') throw error
    // Give GitHub a moment so a comment that was stored shows up in the listing.
    const delayMs = gitHubBackoff(1, deps.random)
    deps.onRetry?.({ attempt: 1, delayMs, status: gitHubErrorStatus(error) })
    await deps.clock.sleep(delayMs, deps.signal)
    let posted: T | undefined
    try {
      posted = await findPosted()
    } catch {
      // Without the listing we cannot tell whether it was posted: better none than two.
      throw error
    }
    if (posted !== undefined) return posted
  }
  try {
    return await withGitHubRetry(post, options)
  } catch (error) {
    if (deps.signal?.aborted || gitHubRetryKind(error) !== 'transient') throw error
    const posted = await findPosted().catch(() => undefined)
    if (posted !== undefined) return posted
    throw error
  }
}

export async function createComment(
  octokit: Octokit,
  ref: IssueRef,
  body: string,
  deps: CallDeps
): Promise<IssueComment> {
  const sent = clampCommentBody(body)
  return postOnce(
    async signal => {
      const { data } = await octokit.rest.issues.createComment({
        owner: ref.owner,
        repo: ref.repo,
        issue_number: ref.issueNumber,
        body: sent,
        request: { signal }
      })
      return toIssueComment(data)
    },
    async () => {
      const found = await findComments(octokit, ref, c => sameBody(c.body, sent), deps)
      return found.at(-1)
    },
    deps
  )
}

/** Replaces the body of an issue comment; PATCH is idempotent, so every transient error is retried. */
export async function updateComment(
  octokit: Octokit,
  repo: RepoRef,
  commentId: number,
  body: string,
  deps: CallDeps
): Promise<IssueComment> {
  const sent = clampCommentBody(body)
  return withGitHubRetry(
    async signal => {
      const { data } = await octokit.rest.issues.updateComment({
        owner: repo.owner,
        repo: repo.repo,
        comment_id: commentId,
        body: sent,
        request: { signal }
      })
      return toIssueComment(data)
    },
    retryOptions(deps, true)
  )
}

/** Answers in the thread of a pull-request review comment; not repeated blindly, as createComment. */
export async function replyToReviewComment(
  octokit: Octokit,
  repo: RepoRef,
  pullNumber: number,
  commentId: number,
  body: string,
  deps: CallDeps
): Promise<{ id: number; htmlUrl: string }> {
  const sent = clampCommentBody(body)
  return postOnce(
    async signal => {
      const { data } = await octokit.rest.pulls.createReplyForReviewComment({
        owner: repo.owner,
        repo: repo.repo,
        pull_number: pullNumber,
        comment_id: commentId,
        body: sent,
        request: { signal }
      })
      expectRecord(data, 'a review comment reply')
      return { id: data.id, htmlUrl: data.html_url }
    },
    async () => {
      const replies = await listAllPages(
        (page, perPage, signal) =>
          octokit.rest.pulls.listReviewComments({
            owner: repo.owner,
            repo: repo.repo,
            pull_number: pullNumber,
            per_page: perPage,
            page,
            request: { signal }
          }),
        deps
      )
      const found = replies.filter(
        c => c.in_reply_to_id === commentId && sameBody(c.body ?? '', sent)
      )
      const last = found.at(-1)
      return last === undefined ? undefined : { id: last.id, htmlUrl: last.html_url }
    },
    deps
  )
}
