/**
 * Commits and compares: the pull requests of a commit, `base...head` compares, and the diff and
 * commit entries that pull requests' files and commits share. Each answer is typed with GitHub's own
 * OpenAPI description (@octokit/openapi-types) for every field it gives, so a field the fake names
 * or types differently from GitHub does not compile.
 */
import type { components } from '@octokit/openapi-types'
import { REPO, route, type Answer, type Route } from '../answers.js'
import { repoKey, userOf, type FakeCommit, type FakeFile, type FakeIssue } from '../model.js'
import type { GitHubWire } from '../wire.js'

type Schemas = components['schemas']
type DiffEntry = Pick<
  Schemas['diff-entry'],
  | 'sha'
  | 'filename'
  | 'status'
  | 'additions'
  | 'deletions'
  | 'changes'
  | 'patch'
  | 'previous_filename'
>
type CommitEntry = Pick<Schemas['commit'], 'sha' | 'html_url'> & {
  commit: Pick<Schemas['commit']['commit'], 'message'>
}
type Comparison = Pick<
  Schemas['commit-comparison'],
  'url' | 'html_url' | 'status' | 'ahead_by' | 'behind_by' | 'total_commits'
> & { commits: CommitEntry[]; files: DiffEntry[] }
type PullSimple = Pick<
  Schemas['pull-request-simple'],
  'number' | 'title' | 'body' | 'html_url' | 'state' | 'merge_commit_sha' | 'merged_at'
> & {
  user: { login: string; type: string }
  labels: { name: string }[]
  head: { ref: string }
  base: { ref: string }
}

/** GitHub lists at most 300 files of a compare. */
const COMPARE_FILES = 300
const NOT_FOUND: Answer = { status: 404, body: { message: 'Not Found', status: '404' } }

export function diffEntry(file: FakeFile, index: number): DiffEntry {
  return {
    sha: (index + 1).toString(16).padStart(40, '0'),
    filename: file.filename,
    status: file.status ?? 'modified',
    additions: file.additions,
    deletions: file.deletions,
    changes: file.additions + file.deletions,
    ...(file.patch === undefined ? {} : { patch: file.patch }),
    ...(file.previousFilename === undefined ? {} : { previous_filename: file.previousFilename })
  }
}

export function commitEntry(wire: GitHubWire, fullName: string, commit: FakeCommit): CommitEntry {
  return {
    sha: commit.sha,
    html_url: wire.web(`${fullName}/commit/${commit.sha}`),
    commit: { message: commit.message }
  }
}

export function commitRoutes(wire: GitHubWire): Route[] {
  return [
    // The pull requests whose merge commit or commits hold the SHA.
    route('GET', `${REPO}/commits/([0-9a-f]{7,40})/pulls`, ([, owner, repo, sha]) => {
      const pulls = wire.state
        .pullsOf(repoKey(owner, repo))
        .filter(pull => pull.merged?.sha === sha || pull.commits?.some(c => c.sha === sha))
      return { status: 200, body: pulls.map(pull => pullSimple(wire, `${owner}/${repo}`, pull)) }
    }),
    route('GET', `${REPO}/compare/(.+)`, ([, owner, repo, basehead], call) => {
      const key = `${repoKey(owner, repo)}:${decodeURIComponent(basehead)}`
      const change = wire.state.comparisons.get(key)
      if (change === undefined) return NOT_FOUND
      const fullName = `${owner}/${repo}`
      const perPage = Math.min(100, Number(call.query.per_page ?? 250) || 250)
      const page = Number(call.query.page ?? 1) || 1
      const body: Comparison = {
        url: wire.api(`/repos/${fullName}/compare/${basehead}`),
        html_url: wire.web(`${fullName}/compare/${basehead}`),
        status: 'ahead',
        ahead_by: change.commits.length,
        behind_by: 0,
        total_commits: change.commits.length,
        commits: change.commits
          .slice((page - 1) * perPage, page * perPage)
          .map(c => commitEntry(wire, fullName, c)),
        // GitHub gives the files on the first page only.
        files: page === 1 ? change.files.slice(0, COMPARE_FILES).map(diffEntry) : []
      }
      return { status: 200, body }
    })
  ]
}

function pullSimple(wire: GitHubWire, fullName: string, pull: FakeIssue): PullSimple {
  return {
    number: pull.number,
    title: pull.title ?? `Pull request ${pull.number}`,
    body: pull.body ?? null,
    html_url: wire.web(`${fullName}/pull/${pull.number}`),
    state: pull.merged ? 'closed' : 'open',
    merge_commit_sha: pull.merged?.sha ?? null,
    merged_at: pull.merged ? '2026-11-20T10:00:00Z' : null,
    user: userOf(pull.user ?? 'octocat'),
    labels: (pull.labels ?? []).map(name => ({ name })),
    head: { ref: pull.head ?? 'feature' },
    base: { ref: pull.base ?? 'main' }
  }
}
