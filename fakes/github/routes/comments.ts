/**
 * Issue comments (which are also a pull request's conversation): list one thread's, list the
 * repository's since a time, create, read, edit and delete.
 */
import { checkBody, notFound, REPO, route, timestamp, type Answer, type Route } from '../answers.js'
import { repoKey, type GitHubCall } from '../model.js'
import type { GitHubWire } from '../wire.js'

export function commentRoutes(wire: GitHubWire): Route[] {
  const { state } = wire
  return [
    route('GET', `${REPO}/issues/(\\d+)/comments`, ([, owner, repo, number], call) => {
      const key = repoKey(owner, repo)
      if (!state.issues.has(`${key}#${number}`)) return notFound()
      // `since`: only comments updated at or after it, as GitHub filters them.
      const since = call.query.since ? Date.parse(call.query.since) : Number.NEGATIVE_INFINITY
      const comments = state
        .commentsOf(key, Number(number))
        .filter(c => Date.parse(c.updated_at) >= since)
        .map(c => wire.apiComment(c))
      return wire.paginate(comments, call)
    }),
    route('POST', `${REPO}/issues/(\\d+)/comments`, ([, owner, repo, number], call) => {
      if (state.issue(owner, repo, number) === undefined) return notFound()
      const invalid = checkBody(call.body, 'issues/comments#create-an-issue-comment')
      if (invalid !== undefined) return invalid
      const { body } = call.body as { body: string }
      const stored = state.storeComment(owner, repo, Number(number), body, { ...state.poster })
      return {
        status: 201,
        headers: { location: wire.api(`/repos/${owner}/${repo}/issues/comments/${stored.id}`) },
        body: wire.apiComment(stored)
      }
    }),
    route('GET', `${REPO}/issues/comments/(\\d+)`, ([, owner, repo, id]) => {
      const comment = state.comment(owner, repo, id)
      return comment === undefined ? notFound() : { status: 200, body: wire.apiComment(comment) }
    }),
    route('PATCH', `${REPO}/issues/comments/(\\d+)`, ([, owner, repo, id], call) => {
      const comment = state.comment(owner, repo, id)
      if (comment === undefined) return notFound()
      const invalid = checkBody(call.body, 'issues/comments#update-an-issue-comment')
      if (invalid !== undefined) return invalid
      comment.body = (call.body as { body: string }).body
      comment.updated_at = timestamp()
      return { status: 200, body: wire.apiComment(comment) }
    }),
    // 204 and no body, as GitHub answers; gone for every later call.
    route('DELETE', `${REPO}/issues/comments/(\\d+)`, ([, owner, repo, id]) => {
      if (state.comment(owner, repo, id) === undefined) return notFound()
      state.issueComments.delete(Number(id))
      return { status: 204 }
    }),
    route('GET', `${REPO}/issues/comments`, ([, owner, repo], call) =>
      repositoryComments(wire, repoKey(owner, repo), call)
    )
  ]
}

/** Every issue and PR comment of the repository updated at or after `since`, oldest first. */
function repositoryComments(wire: GitHubWire, key: string, call: GitHubCall): Answer {
  const since = call.query.since ? Date.parse(call.query.since) : Number.NEGATIVE_INFINITY
  const comments = [...wire.state.issueComments.values()]
    .filter(c => c.repoKey === key && Date.parse(c.updated_at) >= since)
    .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id)
    .map(c => wire.apiComment(c))
  return wire.paginate(comments, call)
}
