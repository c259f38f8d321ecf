/**
 * One issue comment read by its id: how a run watches another run's claim in the thread without
 * listing the whole conversation again.
 */
import type { Runtime } from '../shared/runtime.js'
import { toIssueComment, type CommentCall, type IssueComment } from './comments.js'
import type { Octokit } from './octokit.js'
import { gitHubErrorStatus, withGitHubRetry } from './retry.js'

/** The comment as it is now; undefined when it is gone (404: deleted). A GET: every hiccup is retried. */
export async function readComment(
  octokit: Octokit,
  { repo, commentId, ...options }: CommentCall,
  rt: Runtime
): Promise<IssueComment | undefined> {
  try {
    const { data } = await withGitHubRetry(
      signal =>
        octokit.rest.issues.getComment({
          owner: repo.owner,
          repo: repo.repo,
          comment_id: commentId,
          request: { signal }
        }),
      rt,
      { ...options, repeat: 'safe' }
    )
    return toIssueComment(data)
  } catch (error) {
    if (gitHubErrorStatus(error) === 404) return undefined
    throw error
  }
}
