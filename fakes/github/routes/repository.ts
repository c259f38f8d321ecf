/** GET /repos/{o}/{r}: the repository, with its default branch (`main` unless a test sets another). */
import { REPO, route, type Route } from '../answers.js'
import type { GitHubWire } from '../wire.js'

export function repositoryRoutes(wire: GitHubWire): Route[] {
  return [
    route('GET', REPO, ([, owner, repo]) => ({
      status: 200,
      body: {
        id: 4200,
        name: repo,
        full_name: `${owner}/${repo}`,
        html_url: wire.web(`${owner}/${repo}`),
        default_branch: wire.state.defaultBranch ?? 'main'
      }
    }))
  ]
}
