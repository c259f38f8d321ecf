/** GET /repos/{o}/{r}: the repository, with its default branch (`main` unless a test sets another). */
import type { components } from '@octokit/openapi-types'
import { REPO, route, type Route } from '../answers.js'
import type { GitHubWire } from '../wire.js'

export function repositoryRoutes(wire: GitHubWire): Route[] {
  return [
    route('GET', REPO, ([, owner, repo]) => {
      const body: RepositoryEntry = {
        id: 4200,
        name: repo,
        full_name: `${owner}/${repo}`,
        html_url: wire.web(`${owner}/${repo}`),
        default_branch: wire.state.defaultBranch ?? 'main'
      }
      return { status: 200, body }
    })
  ]
}

type RepositoryEntry = Pick<
  components['schemas']['full-repository'],
  'id' | 'name' | 'full_name' | 'html_url' | 'default_branch'
>
