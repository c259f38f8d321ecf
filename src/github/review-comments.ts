/** Pull-request review comments: the thread of one, and a reply in it (posted once, as comments are). */
import type { Runtime } from '../shared/runtime.js'
import { clampCommentBody, toIssueComment, type IssueComment } from './comments.js'
import type { Octokit } from './octokit.js'
import { listAllPages } from './paginate.js'
import { postOnce, sameBody } from './post-once.js'
import type { PullCall } from './pulls.js'
import type { RepoRef } from './refs.js'
import { inRepo } from './request.js'
import { expectRecord } from './response.js'

/** A review comment (or a reply in its thread), with the comment it answers. */
export type ReviewComment = IssueComment & { inReplyTo?: number }

/** Every review comment of the pull request, replies included, oldest first. */
export async function listReviewComments(
  octokit: Octokit,
  { repo, pullNumber }: { repo: RepoRef; pullNumber: number },
  rt: Runtime
): Promise<ReviewComment[]> {
  const raw = await listAllPages(
    page =>
      octokit.rest.pulls.listReviewComments({ ...inRepo(repo), pull_number: pullNumber, ...page }),
    rt
  )
  return raw.map(comment => ({ ...toIssueComment(comment), inReplyTo: comment.in_reply_to_id }))
}

/** Answers in the thread of a pull-request review comment; not repeated blindly, as createComment. */
export async function replyToReviewComment(
  octokit: Octokit,
  { repo, pullNumber, commentId, body, ...options }: PullCall & { commentId: number; body: string },
  rt: Runtime
): Promise<{ id: number; htmlUrl: string }> {
  const sent = clampCommentBody(body)
  const pull = { ...inRepo(repo), pull_number: pullNumber }
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
    options
  )
}
