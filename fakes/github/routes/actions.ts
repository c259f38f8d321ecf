/** GET /repos/{o}/{r}/actions/runs/{id}: the workflow runs the tests declare, with their status. */
import { notFound, REPO, route, type Route } from '../answers.js'
import { runKey } from '../model.js'
import type { GitHubWire } from '../wire.js'

export function actionsRoutes(wire: GitHubWire): Route[] {
  return [
    route('GET', `${REPO}/actions/runs/(\\d+)`, ([, owner, repo, id]) => {
      const status = wire.state.runs.get(runKey(owner, repo, id))
      if (status === undefined) return notFound()
      return {
        status: 200,
        body: {
          id: Number(id),
          status,
          conclusion: status === 'completed' ? 'success' : null,
          html_url: wire.web(`${owner}/${repo}/actions/runs/${id}`)
        }
      }
    })
  ]
}
