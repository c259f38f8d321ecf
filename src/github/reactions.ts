/**
 * Reactions on issue and review comments. Adding one twice gives the same reaction (GitHub answers
 * 200 instead of 201), so the call is idempotent and every transient error is retried.
 */
import type { Runtime } from '../shared/runtime.js'
import type { RepoRef } from './refs.js'
import type { Octokit } from './octokit.js'
import { inRepo, sendRepeatable } from './request.js'
import type { GitHubCallOptions } from './retry.js'

export type ReactionContent = 'eyes' | '+1' | 'rocket' | 'confused'

export type ReactionTarget = { commentId: number; kind: 'issue_comment' | 'review_comment' }

export async function addReaction(
  octokit: Octokit,
  {
    repo,
    target,
    content,
    ...options
  }: GitHubCallOptions & { repo: RepoRef; target: ReactionTarget; content: ReactionContent },
  rt: Runtime
): Promise<void> {
  const react = (signal?: AbortSignal) => {
    const params = { ...inRepo(repo), comment_id: target.commentId, content, request: { signal } }
    return target.kind === 'issue_comment'
      ? octokit.rest.reactions.createForIssueComment(params)
      : octokit.rest.reactions.createForPullRequestReviewComment(params)
  }
  await sendRepeatable(react, rt, options)
}
