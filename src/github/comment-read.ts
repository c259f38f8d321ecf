/**
 * One issue comment read by its id: how a run watches another run's claim in the thread without
 * listing the whole conversation again.
 */
import type { Runtime } from '../shared/runtime.js'
import { toIssueComment, type CommentCall, type IssueComment } from './comments.js'
import type { Octokit } from './octokit.js'
import { inRepo, sendRepeatable, unlessAbsent } from './request.js'

/** The comment as it is now; undefined when it is gone (404: deleted). A GET: every hiccup is retried. */
export async function readComment(
  octokit: Octokit,
  { repo, commentId, ...options }: CommentCall,
  rt: Runtime
): Promise<IssueComment | undefined> {
  const get = (signal?: AbortSignal) =>
    octokit.rest.issues.getComment({ ...inRepo(repo), comment_id: commentId, request: { signal } })
  const answer = await unlessAbsent(sendRepeatable(get, rt, options))
  return answer && toIssueComment(answer.data)
}
