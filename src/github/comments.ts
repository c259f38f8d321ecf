/**
 * Issue and pull-request comments. Creating one is not idempotent: after a 5xx or a lost connection
 * the comment may exist, so before posting again we look for it (its body carries a unique hidden
 * marker from the caller) and post a second time only when it is not there.
 */
import { stopSignal } from '../shared/retry.js'
import type { Runtime } from '../shared/runtime.js'
import { cutAtCharacter } from '../shared/text-cut.js'
import type { IssueRef, RepoRef } from './refs.js'
import type { Octokit } from './octokit.js'
import { listAllPages } from './paginate.js'
import { expectRecord } from './response.js'
import {
  GITHUB_BASE_DELAY_MS,
  gitHubErrorStatus,
  gitHubRetryKind,
  withGitHubRetry,
  type GitHubCallOptions
} from './retry.js'

export type { IssueRef, RepoRef } from './refs.js'

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
 * notice at the end. The cut never splits a character and never leaves an HTML comment open,
 * which would hide the notice.
 */
export function clampCommentBody(body: string, max: number = MAX_COMMENT_LENGTH): string {
  if (body.length <= max) return body
  if (max <= TRUNCATION_NOTICE.length) return cutAtCharacter(body, Math.max(0, max))
  let cut = cutAtCharacter(body, max - TRUNCATION_NOTICE.length)
  const open = cut.lastIndexOf('<!--')
  if (open !== -1 && cut.indexOf('-->', open) === -1) cut = cut.slice(0, open)
  return cut + TRUNCATION_NOTICE
}

interface RestComment {
  id: number
  body?: string | null
  html_url: string
  user?: { login: string; type?: string } | null
  issue_url?: string
  created_at?: string
}

/** A comment of the repository-wide listing: which issue or PR it is on, and when it was made. */
export interface RepoComment extends IssueComment {
  issueNumber: number
  /** Epoch ms. */
  createdAt: number
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
/** One issue or pull request's conversation, and how the call is made. */
export interface IssueCall extends GitHubCallOptions {
  ref: IssueRef
}

/** One issue comment, and how the call is made. */
export interface CommentCall extends GitHubCallOptions {
  repo: RepoRef
  commentId: number
}

export async function listComments(
  octokit: Octokit,
  { ref, ...options }: IssueCall,
  rt: Runtime
): Promise<IssueComment[]> {
  const raw = await listAllPages(
    page =>
      octokit.rest.issues.listComments({
        owner: ref.owner,
        repo: ref.repo,
        issue_number: ref.issueNumber,
        ...page
      }),
    rt,
    options
  )
  return raw.map(toIssueComment)
}

/**
 * Every issue and PR comment of the repository updated at or after `since`, oldest first, 100 a
 * page: one listing finds tracking comments in every thread.
 */
export async function listRepoComments(
  octokit: Octokit,
  { repo, since }: { repo: RepoRef; since: Date },
  rt: Runtime
): Promise<RepoComment[]> {
  const raw = await listAllPages(
    page =>
      octokit.rest.issues.listCommentsForRepo({
        owner: repo.owner,
        repo: repo.repo,
        since: since.toISOString(),
        sort: 'created',
        direction: 'asc',
        ...page
      }),
    rt
  )
  return raw.map(comment => ({
    ...toIssueComment(comment),
    issueNumber: Number(/\/(\d+)$/.exec(comment.issue_url ?? '')?.[1] ?? 0),
    createdAt: Date.parse(comment.created_at ?? '')
  }))
}

export async function findComments(
  octokit: Octokit,
  { predicate, ...call }: IssueCall & { predicate: (comment: IssueComment) => boolean },
  rt: Runtime
): Promise<IssueComment[]> {
  return (await listComments(octokit, call, rt)).filter(predicate)
}

/**
 * Posts without ever posting twice: a rate limit is retried (GitHub refused, nothing happened); a
 * 5xx, reset or timeout is followed by a look for what was sent, then at most one more POST.
 */
async function postOnce<T>(
  {
    post,
    findPosted
  }: {
    post: (signal?: AbortSignal) => Promise<T>
    findPosted: () => Promise<T | undefined>
  },
  rt: Runtime,
  options: GitHubCallOptions
): Promise<T> {
  const signal = stopSignal(rt, options.stopOn)
  const mayHavePosted = (error: unknown): boolean =>
    !signal?.aborted && gitHubRetryKind(error) === 'transient'
  try {
    return await withGitHubRetry(post, rt, { ...options, repeat: 'if-refused' })
  } catch (error) {
    if (!mayHavePosted(error)) throw error
    // Give GitHub a moment so a comment that was stored shows up in the listing.
    const settleMs = Math.round(GITHUB_BASE_DELAY_MS * (1 + rt.random()))
    rt.log.info(
      `GitHub API call failed; looking for what was sent in ${Math.round(settleMs / 1000)} s.`
    )
    await rt.clock.sleep(settleMs, signal)
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
    return await withGitHubRetry(post, rt, { ...options, repeat: 'if-refused' })
  } catch (error) {
    if (!mayHavePosted(error)) throw error
    const posted = await findPosted().catch(() => undefined)
    if (posted !== undefined) return posted
    throw error
  }
}

export async function createComment(
  octokit: Octokit,
  { ref, body, ...options }: IssueCall & { body: string },
  rt: Runtime
): Promise<IssueComment> {
  const sent = clampCommentBody(body)
  return postOnce(
    {
      post: async signal => {
        const { data } = await octokit.rest.issues.createComment({
          owner: ref.owner,
          repo: ref.repo,
          issue_number: ref.issueNumber,
          body: sent,
          request: { signal }
        })
        return toIssueComment(data)
      },
      findPosted: async () => {
        const predicate = (c: IssueComment): boolean => sameBody(c.body, sent)
        const found = await findComments(octokit, { ref, predicate, ...options }, rt)
        return found.at(-1)
      }
    },
    rt,
    options
  )
}

/** Replaces the body of an issue comment; PATCH is idempotent, so every transient error is retried. */
export async function updateComment(
  octokit: Octokit,
  { repo, commentId, body, ...options }: CommentCall & { body: string },
  rt: Runtime
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
    rt,
    { ...options, repeat: 'safe' }
  )
}

/** A review comment (or a reply in its thread), with the comment it answers. */
export interface ReviewComment extends IssueComment {
  inReplyTo?: number
}

/** Every review comment of the pull request, replies included, oldest first. */
export async function listReviewComments(
  octokit: Octokit,
  { repo, pullNumber }: { repo: RepoRef; pullNumber: number },
  rt: Runtime
): Promise<ReviewComment[]> {
  const raw = await listAllPages(
    page =>
      octokit.rest.pulls.listReviewComments({
        owner: repo.owner,
        repo: repo.repo,
        pull_number: pullNumber,
        ...page
      }),
    rt
  )
  return raw.map(comment => ({ ...toIssueComment(comment), inReplyTo: comment.in_reply_to_id }))
}

/** Removes an issue comment; one that is gone already counts as removed (DELETE may be repeated). */
export async function deleteComment(
  octokit: Octokit,
  { repo, commentId, ...options }: CommentCall,
  rt: Runtime
): Promise<void> {
  try {
    await withGitHubRetry(
      signal =>
        octokit.rest.issues.deleteComment({
          owner: repo.owner,
          repo: repo.repo,
          comment_id: commentId,
          request: { signal }
        }),
      rt,
      { ...options, repeat: 'safe' }
    )
  } catch (error) {
    if (gitHubErrorStatus(error) !== 404) throw error
  }
}

/** Answers in the thread of a pull-request review comment; not repeated blindly, as createComment. */
export async function replyToReviewComment(
  octokit: Octokit,
  {
    repo,
    pullNumber,
    commentId,
    body
  }: { repo: RepoRef; pullNumber: number; commentId: number; body: string },
  rt: Runtime
): Promise<{ id: number; htmlUrl: string }> {
  const sent = clampCommentBody(body)
  const pull = { owner: repo.owner, repo: repo.repo, pull_number: pullNumber }
  return postOnce(
    {
      post: async signal => {
        const { data } = await octokit.rest.pulls.createReplyForReviewComment({
          ...pull,
          comment_id: commentId,
          body: sent,
          request: { signal }
        })
        expectRecord(data, 'a review comment reply')
        return { id: data.id, htmlUrl: data.html_url }
      },
      findPosted: async () => {
        const replies = await listReviewComments(octokit, { repo, pullNumber }, rt)
        const last = replies.filter(c => c.inReplyTo === commentId && sameBody(c.body, sent)).at(-1)
        return last === undefined ? undefined : { id: last.id, htmlUrl: last.htmlUrl }
      }
    },
    rt,
    {}
  )
}
