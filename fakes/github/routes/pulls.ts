/** A pull request, its files and its commits (GET /repos/{o}/{r}/pulls/{n}, …/files, …/commits). */
import { notFound, REPO, route, type Route } from '../answers.js'
import { userOf } from '../model.js'
import type { GitHubWire } from '../wire.js'
import { commitEntry, diffEntry } from './commits.js'

export function pullRoutes(wire: GitHubWire): Route[] {
  const { state } = wire
  return [
    route('GET', `${REPO}/pulls/(\\d+)`, ([, owner, repo, number]) => {
      const pull = state.pull(owner, repo, number)
      if (pull === undefined) return notFound()
      const files = pull.files ?? []
      const fullName = `${owner}/${repo}`
      return {
        status: 200,
        body: {
          id: pull.number + 700000,
          node_id: `PR_fake${pull.number}`,
          url: wire.api(`/repos/${fullName}/pulls/${pull.number}`),
          html_url: wire.web(`${fullName}/pull/${pull.number}`),
          number: pull.number,
          state: 'open',
          title: pull.title ?? `Pull request ${pull.number}`,
          body: pull.body ?? null,
          user: wire.user(userOf(pull.user ?? 'octocat')),
          head: branch(pull.head ?? 'feature', fullName, pull.number),
          base: branch(pull.base ?? 'main', fullName, 0),
          draft: false,
          merged: pull.merged !== undefined,
          merge_commit_sha: pull.merged?.sha ?? null,
          merged_by: pull.merged?.by ? wire.user(userOf(pull.merged.by)) : null,
          labels: (pull.labels ?? []).map(name => ({ name })),
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
