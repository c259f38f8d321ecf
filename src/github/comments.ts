/**
 * Issue and pull-request comments. Creating one is not idempotent: after a 5xx or a lost connection
 * the comment may exist, so before posting again we look for it (its body carries a unique hidden
 * marker from the caller) and post a second time only when it is not there.
 */
import type { Runtime } from '../shared/runtime.js'
import { cutAtCharacter } from '../shared/text-cut.js'
import type { RepoRef } from './refs.js'
import type { Octokit } from './octokit.js'
import { listAllPages } from './paginate.js'
import { toIssueComment, type IssueCall, type IssueComment } from './comment-shape.js'
import { findNewestComment } from './newest-comments.js'
import { postOnce, sameBody } from './post-once.js'
import { inRepo, onIssue, readChecked, sendRepeatable, unlessAbsent } from './request.js'
import type { GitHubCallOptions } from './retry.js'

export { toIssueComment, type IssueCall, type IssueComment }

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

/** A comment of the repository-wide listing: which issue or PR it is on, and when it was made. */
export interface RepoComment extends IssueComment {
  issueNumber: number
  /** Epoch ms. */
  createdAt: number
}

/** One issue comment, and how the call is made. */
export type CommentCall = GitHubCallOptions & { repo: RepoRef; commentId: number }

/**
 * Every comment of the issue or pull request, oldest first; with `since`, only those updated at or
 * after it (GitHub's filter: a comment posted since then is among them).
 */
export async function listComments(
  octokit: Octokit,
  { ref, since, ...options }: IssueCall & { since?: Date },
  rt: Runtime
): Promise<IssueComment[]> {
  const raw = await listAllPages(
    page =>
      octokit.rest.issues.listComments({
        ...onIssue(ref),
        ...(since ? { since: since.toISOString() } : {}),
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
        ...inRepo(repo),
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
          ...onIssue(ref),
          body: sent,
          request: { signal }
        })
        return toIssueComment(data)
      },
      // What was just posted is at the newest end of the conversation.
      findPosted: () => {
        const predicate = (c: IssueComment): boolean => sameBody(c.body, sent)
        return findNewestComment(octokit, { ref, predicate, ...options }, rt)
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
  const update = (signal?: AbortSignal) =>
    octokit.rest.issues.updateComment({
      ...inRepo(repo),
      comment_id: commentId,
      body: sent,
      request: { signal }
    })
  return readChecked(update, toIssueComment, rt, options)
}

/** Removes an issue comment; one that is gone already counts as removed (DELETE may be repeated). */
export async function deleteComment(
  octokit: Octokit,
  { repo, commentId, ...options }: CommentCall,
  rt: Runtime
): Promise<void> {
  const remove = (signal?: AbortSignal) =>
    octokit.rest.issues.deleteComment({
      ...inRepo(repo),
      comment_id: commentId,
      request: { signal }
    })
  await unlessAbsent(sendRepeatable(remove, rt, options))
}
