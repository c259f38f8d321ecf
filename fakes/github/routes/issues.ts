/** GET /repos/{o}/{r}/issues/{n}: an issue, or a pull request seen as an issue; POST …/issues opens one. */
import { notFound, REPO, route, validationFailed, type Route } from '../answers.js'
import { repoKey, userOf } from '../model.js'
import type { GitHubWire } from '../wire.js'
import { labelOf } from './labels.js'

export function issueRoutes(wire: GitHubWire): Route[] {
  return [
    route('POST', `${REPO}/issues`, ([, owner, repo], call) => {
      const { title, body } = (call.body ?? {}) as { title?: unknown; body?: unknown }
      if (typeof title !== 'string' || title === '') {
        return validationFailed(
          [{ resource: 'Issue', field: 'title', code: 'missing_field' }],
          'issues/issues#create-an-issue'
        )
      }
      const number = Math.max(0, ...[...wire.state.issues.values()].map(i => i.number)) + 1
      wire.state.issues.set(`${repoKey(owner, repo)}#${number}`, {
        number,
        title,
        body: typeof body === 'string' ? body : undefined,
        user: wire.state.poster.login
      })
      const htmlUrl = wire.web(`${owner}/${repo}/issues/${number}`)
      return { status: 201, body: { number, html_url: htmlUrl, title, state: 'open' } }
    }),
    route('GET', `${REPO}/issues/(\\d+)`, ([, owner, repo, number]) => {
      const issue = wire.state.issue(owner, repo, number)
      if (issue === undefined) return notFound()
      const htmlUrl = wire.web(
        `${owner}/${repo}/${issue.pull_request ? 'pull' : 'issues'}/${issue.number}`
      )
      const apiBase = wire.api(`/repos/${owner}/${repo}`)
      return {
        status: 200,
        body: {
          id: issue.number + 500000,
          node_id: `I_fake${issue.number}`,
          url: `${apiBase}/issues/${issue.number}`,
          html_url: htmlUrl,
          number: issue.number,
          state: 'open',
          title: issue.title ?? `Issue ${issue.number}`,
          body: issue.body ?? null,
          user: wire.user(userOf(issue.user ?? 'octocat')),
          labels: (issue.labels ?? []).map(name => labelOf(wire, { owner, repo }, name)),
          comments: wire.state.commentsOf(repoKey(owner, repo), issue.number).length,
          author_association: 'NONE',
          ...(issue.pull_request
            ? {
                pull_request: {
                  url: `${apiBase}/pulls/${issue.number}`,
                  html_url: htmlUrl,
                  diff_url: `${htmlUrl}.diff`,
                  patch_url: `${htmlUrl}.patch`
                }
              }
            : {})
        }
      }
    })
  ]
}
