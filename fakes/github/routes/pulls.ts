/**
 * Pull requests: the listing (GET /repos/{o}/{r}/pulls: `state`, `base`, `sort`, `direction`,
 * `per_page`, `page`, with the `Link` header), one pull request, its files and its commits (…/pulls/{n},
 * …/files, …/commits). The listing's entries are typed with GitHub's OpenAPI description.
 */
import type { components } from '@octokit/openapi-types'
import { notFound, REPO, route, validationFailed, type Route } from '../answers.js'
import { repoKey, userOf, type FakeIssue } from '../model.js'
import type { GitHubWire } from '../wire.js'
import { commitEntry, diffEntry } from './commits.js'

export function pullRoutes(wire: GitHubWire): Route[] {
  const { state } = wire
  return [
    listingRoute(wire),
    route('GET', `${REPO}/pulls/(\\d+)`, ([, owner, repo, number]) => {
      const pull = state.pull(owner, repo, number)
      if (pull === undefined) return notFound()
      const files = pull.files ?? []
      const fullName = `${owner}/${repo}`
      return {
        status: 200,
        // The full pull request: the listing's fields, then what only this endpoint gives.
        body: {
          ...pullSimple(wire, fullName, pull),
          node_id: `PR_fake${pull.number}`,
          head: branch(pull.head ?? 'feature', fullName, pull.number),
          base: branch(pull.base ?? 'main', fullName, 0),
          merged: pull.merged !== undefined,
          merged_by: pull.merged?.by ? wire.user(userOf(pull.merged.by)) : null,
          commits: pull.commits?.length ?? 0,
          changed_files: files.length,
          additions: files.reduce((sum, f) => sum + f.additions, 0),
          deletions: files.reduce((sum, f) => sum + f.deletions, 0)
        }
      }
    }),
    route('GET', `${REPO}/pulls/(\\d+)/files`, ([, owner, repo, number], call) => {
      const pull = state.pull(owner, repo, number)
      if (pull === undefined) return notFound()
      return wire.paginate((pull.files ?? []).map(diffEntry), call)
    }),
    route('GET', `${REPO}/pulls/(\\d+)/commits`, ([, owner, repo, number], call) => {
      const pull = state.pull(owner, repo, number)
      if (pull === undefined) return notFound()
      const commits = (pull.commits ?? []).map(c => commitEntry(wire, `${owner}/${repo}`, c))
      return wire.paginate(commits, call)
    })
  ]
}

function branch(ref: string, fullName: string, seed: number): Record<string, unknown> {
  const [owner] = fullName.split('/')
  return {
    label: `${owner}:${ref}`,
    ref,
    sha: (seed + 0xabc).toString(16).padStart(40, '0'),
    repo: { full_name: fullName }
  }
}

/**
 * GET /repos/{o}/{r}/pulls: `state` (default open), `base` (a branch name: only pull requests into
 * it), `sort` (default created), `direction`.
 */
function listingRoute(wire: GitHubWire): Route {
  return route('GET', `${REPO}/pulls`, ([, owner, repo], call) => {
    const { state = 'open', sort = 'created' } = call.query
    const direction = call.query.direction ?? (sort === 'created' ? 'desc' : 'asc')
    const problem = listingProblem(state, sort, direction)
    if (problem) return validationFailed([problem], 'pulls/pulls#list-pull-requests')
    const fullName = `${owner}/${repo}`
    const pulls = pullsOf(wire, owner, repo)
      .filter(pull => state === 'all' || stateOf(pull) === state)
      .filter(pull => call.query.base === undefined || (pull.base ?? 'main') === call.query.base)
      .sort((a, b) => {
        const order =
          sort === 'updated'
            ? Date.parse(updatedAt(a)) - Date.parse(updatedAt(b))
            : Date.parse(createdAt(a)) - Date.parse(createdAt(b)) || a.number - b.number
        return direction === 'asc' ? order : -order
      })
      .map(pull => pullSimple(wire, fullName, pull))
    return wire.paginate(pulls, call)
  })
}

type PullListEntry = Pick<
  components['schemas']['pull-request-simple'],
  | 'url'
  | 'html_url'
  | 'number'
  | 'state'
  | 'title'
  | 'body'
  | 'created_at'
  | 'updated_at'
  | 'closed_at'
  | 'merged_at'
  | 'merge_commit_sha'
  | 'draft'
> & {
  id: number
  user: Record<string, unknown>
  labels: Pick<components['schemas']['label'], 'name'>[]
  head: { ref: string }
  base: { ref: string }
}

const LISTING_CHOICES: Record<string, readonly string[]> = {
  state: ['open', 'closed', 'all'],
  sort: ['created', 'updated', 'popularity', 'long-running'],
  direction: ['asc', 'desc']
}

function listingProblem(
  state: string,
  sort: string,
  direction: string
): Record<string, unknown> | undefined {
  const given: Record<string, string> = { state, sort, direction }
  for (const [field, choices] of Object.entries(LISTING_CHOICES)) {
    if (!choices.includes(given[field])) {
      return { resource: 'PullRequest', field, code: 'invalid', value: given[field] }
    }
  }
  return undefined
}

function pullsOf(wire: GitHubWire, owner: string, repo: string): FakeIssue[] {
  return wire.state.pullsOf(repoKey(owner, repo))
}

function stateOf(pull: FakeIssue): 'open' | 'closed' {
  return pull.merged !== undefined || pull.closed ? 'closed' : 'open'
}

/** When it was opened: seeded, else a fixed day before every test's dates. */
function createdAt(pull: FakeIssue): string {
  return pull.createdAt ?? '2024-01-01T00:00:00Z'
}

function closedAt(pull: FakeIssue): string | null {
  if (pull.merged) return pull.merged.at ?? createdAt(pull)
  return pull.closed ? (pull.updatedAt ?? createdAt(pull)) : null
}

/** The last change: seeded, else its merge or close, else its opening. */
function updatedAt(pull: FakeIssue): string {
  return pull.updatedAt ?? closedAt(pull) ?? createdAt(pull)
}

function pullSimple(wire: GitHubWire, fullName: string, pull: FakeIssue): PullListEntry {
  return {
    id: pull.number + 700000,
    url: wire.api(`/repos/${fullName}/pulls/${pull.number}`),
    html_url: wire.web(`${fullName}/pull/${pull.number}`),
    number: pull.number,
    state: stateOf(pull),
    title: pull.title ?? `Pull request ${pull.number}`,
    body: pull.body ?? null,
    user: wire.user(userOf(pull.user ?? 'octocat')),
    created_at: createdAt(pull),
    updated_at: updatedAt(pull),
    closed_at: closedAt(pull),
    merged_at: pull.merged ? (pull.merged.at ?? createdAt(pull)) : null,
    merge_commit_sha: pull.merged?.sha ?? null,
    draft: false,
    labels: (pull.labels ?? []).map(name => ({ name })),
    head: { ref: pull.head ?? 'feature' },
    base: { ref: pull.base ?? 'main' }
  }
}
