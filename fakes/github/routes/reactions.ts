/** Reactions to an issue comment or a review comment; the same reaction twice is one reaction. */
import {
  notFound,
  REPO,
  route,
  timestamp,
  validationFailed,
  type Answer,
  type Route
} from '../answers.js'
import { repoKey, type GitHubCall, type Reaction } from '../model.js'
import type { GitHubWire } from '../wire.js'

const REACTIONS = ['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes']

export function reactionRoutes(wire: GitHubWire): Route[] {
  return [
    route('POST', `${REPO}/issues/comments/(\\d+)/reactions`, (m, c) =>
      react(wire, m, c, 'issue_comment')
    ),
    route('POST', `${REPO}/pulls/comments/(\\d+)/reactions`, (m, c) =>
      react(wire, m, c, 'review_comment')
    )
  ]
}

function react(
  wire: GitHubWire,
  [, owner, repo, id]: RegExpExecArray,
  call: GitHubCall,
  subject: Reaction['subject']
): Answer {
  const { state } = wire
  const commentId = Number(id)
  const target =
    subject === 'issue_comment'
      ? state.issueComments.get(commentId)
      : state.reviewComments.get(commentId)
  if (target === undefined || target.repoKey !== repoKey(owner, repo)) return notFound()
  const content = (call.body as { content?: unknown } | undefined)?.content
  if (typeof content !== 'string' || !REACTIONS.includes(content)) {
    return validationFailed(
      [{ resource: 'Reaction', code: 'invalid', field: 'content' }],
      'reactions/reactions'
    )
  }
  // GitHub answers 200 with the existing reaction when the same user reacts the same way twice.
  const key = `${subject}#${commentId}#${content}`
  const existing = state.reactionIds.get(key)
  const reactionId = existing ?? state.takeId()
  if (existing === undefined) {
    state.reactionIds.set(key, reactionId)
    state.reactions.push({ subject, commentId, content })
  }
  return {
    status: existing === undefined ? 201 : 200,
    body: {
      id: reactionId,
      node_id: `REA_fake${reactionId}`,
      user: wire.user({ ...state.poster }),
      content,
      created_at: timestamp()
    }
  }
}
