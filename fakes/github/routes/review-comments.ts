/**
 * Review comments on a pull request's diff: list them (replies included, oldest first) and reply to
 * one (a reply to a reply joins the thread of its first comment, as on GitHub).
 */
import { checkBody, notFound, REPO, route, timestamp, type Answer, type Route } from '../answers.js'
import type { GitHubCall } from '../model.js'
import { repoKey } from '../model.js'
import type { GitHubWire } from '../wire.js'

export function reviewCommentRoutes(wire: GitHubWire): Route[] {
  return [
    route('GET', `${REPO}/pulls/(\\d+)/comments`, ([, owner, repo, pull], call) => {
      const key = repoKey(owner, repo)
      const comments = [...wire.state.reviewComments.values()]
        .filter(c => c.repoKey === key && c.pullNumber === Number(pull))
        .sort((a, b) => a.id - b.id)
        .map(c => ({
          id: c.id,
          node_id: `PRRC_fake${c.id}`,
          url: wire.api(`/repos/${owner}/${repo}/pulls/comments/${c.id}`),
          pull_request_url: wire.api(`/repos/${owner}/${repo}/pulls/${pull}`),
          html_url: wire.web(`${owner}/${repo}/pull/${pull}#discussion_r${c.id}`),
          in_reply_to_id: c.in_reply_to_id,
          body: c.body,
          user: wire.user(c.user)
        }))
      return wire.paginate(comments, call)
    }),
    route('POST', `${REPO}/pulls/(\\d+)/comments/(\\d+)/replies`, (match, call) =>
      reply(wire, match, call)
    )
  ]
}

function reply(
  wire: GitHubWire,
  [, owner, repo, pull, id]: RegExpExecArray,
  call: GitHubCall
): Answer {
  const { state } = wire
  const parent = state.reviewComments.get(Number(id))
  if (
    parent === undefined ||
    parent.repoKey !== repoKey(owner, repo) ||
    parent.pullNumber !== Number(pull)
  ) {
    return notFound()
  }
  const invalid = checkBody(
    call.body,
    'pulls/comments#create-a-reply-for-a-review-comment',
    'PullRequestReviewComment'
  )
  if (invalid !== undefined) return invalid
  const replyId = state.takeId()
  const body = (call.body as { body: string }).body
  const user = { ...state.poster }
  const inReplyTo = parent.in_reply_to_id ?? parent.id
  state.reviewComments.set(replyId, {
    id: replyId,
    repoKey: parent.repoKey,
    pullNumber: parent.pullNumber,
    body,
    user,
    in_reply_to_id: inReplyTo
  })
  const htmlUrl = wire.web(`${owner}/${repo}/pull/${pull}#discussion_r${replyId}`)
  state.reviewReplies.push({
    id: replyId,
    owner,
    repo,
    pullNumber: Number(pull),
    inReplyTo,
    body,
    user,
    html_url: htmlUrl
  })
  const now = timestamp()
  return {
    status: 201,
    body: {
      id: replyId,
      node_id: `PRRC_fake${replyId}`,
      url: wire.api(`/repos/${owner}/${repo}/pulls/comments/${replyId}`),
      pull_request_url: wire.api(`/repos/${owner}/${repo}/pulls/${pull}`),
      html_url: htmlUrl,
      in_reply_to_id: inReplyTo,
      body,
      user: wire.user(user),
      created_at: now,
      updated_at: now
    }
  }
}
