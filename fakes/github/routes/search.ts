/** GET /search/issues with `repo:o/r in:comments "text"`: the threads with such a comment. */
import type { components } from '@octokit/openapi-types'
import { route, type Route } from '../answers.js'
import type { GitHubWire } from '../wire.js'

type SearchResult = Pick<
  components['schemas']['issue-search-result-item'],
  'number' | 'html_url' | 'title'
>

export function searchRoutes(wire: GitHubWire): Route[] {
  return [
    route('GET', '/search/issues', (_m, call) => {
      const q = call.query.q ?? ''
      const repo = /(?:^|\s)repo:([^\s/]+)\/(\S+)/.exec(q)
      const phrase = /"([^"]+)"/.exec(q)
      if (!repo || !phrase || !/(?:^|\s)in:comments(?:\s|$)/.test(q)) {
        return {
          status: 422,
          body: { message: 'Validation Failed', errors: [{ code: 'invalid', field: 'q' }] }
        }
      }
      const fullName = `${repo[1]}/${repo[2]}`
      const numbers = wire.state.threadsWithComment(fullName.toLowerCase(), phrase[1])
      const items = numbers.map((number): SearchResult => ({
        number,
        title: `Issue ${number}`,
        html_url: wire.web(`${fullName}/issues/${number}`)
      }))
      return { status: 200, body: { total_count: items.length, incomplete_results: false, items } }
    })
  ]
}
