/**
 * DELETE /repos/{o}/{r}/issues/{n}/labels/{name}: a label taken off an issue or pull request. As
 * GitHub documents it: 200 with the labels that remain, 404 ("Label does not exist") when the label
 * is not on it. The name comes URL-encoded; label names compare case-insensitively, as on GitHub.
 */
import { DOCS, notFound, REPO, route, type Route } from '../answers.js'
import type { GitHubWire } from '../wire.js'

const DOC = `${DOCS}/issues/labels#remove-a-label-from-an-issue`

export function labelRoutes(wire: GitHubWire): Route[] {
  return [
    route('DELETE', `${REPO}/issues/(\\d+)/labels/([^/]+)`, ([, owner, repo, number, raw]) => {
      const issue = wire.state.issue(owner, repo, number)
      const name = decoded(raw)
      if (issue === undefined || name === undefined) return notFound()
      const labels = issue.labels ?? []
      const kept = labels.filter(label => label.toLowerCase() !== name.toLowerCase())
      if (kept.length === labels.length) {
        const body = { message: 'Label does not exist', documentation_url: DOC, status: '404' }
        return { status: 404, body }
      }
      issue.labels = kept
      return { status: 200, body: kept.map(label => labelOf(wire, { owner, repo }, label)) }
    })
  ]
}

function decoded(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw)
  } catch {
    return undefined
  }
}

/** GitHub's label object; its id is the same for the same name. */
export function labelOf(
  wire: GitHubWire,
  { owner, repo }: { owner: string; repo: string },
  name: string
): Record<string, unknown> {
  const id =
    7000 + [...name.toLowerCase()].reduce((sum, c) => (sum * 31 + c.charCodeAt(0)) % 100000, 0)
  return {
    id,
    node_id: `LA_fake${id}`,
    url: wire.api(`/repos/${owner}/${repo}/labels/${encodeURIComponent(name)}`),
    name,
    description: null,
    color: 'ededed',
    default: false
  }
}
