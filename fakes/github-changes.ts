/**
 * The GitHub fake's code-change endpoints: a pull request's commits, the pull requests of a commit,
 * compares, releases and the issue search. Each answer is typed with GitHub's own OpenAPI
 * description (@octokit/openapi-types) for every field it gives, so a field the fake names or types
 * differently from GitHub does not compile.
 */
import type { components } from '@octokit/openapi-types'

type Schemas = components['schemas']

export interface FakeFile {
  filename: string
  additions: number
  deletions: number
  status?: Schemas['diff-entry']['status']
  /** The unified diff GitHub gives for the file (absent: binary or too large). */
  patch?: string
}

export interface FakeCommit {
  sha: string
  message: string
}

export interface FakeRelease {
  id: number
  tag: string
  name?: string
  body?: string
  draft?: boolean
  prerelease?: boolean
  /** ISO time; a draft has none. */
  publishedAt?: string
}

/** What the fake knows of a pull request for these endpoints. */
export interface FakePull {
  number: number
  title?: string
  body?: string
  user?: string
  head?: string
  base?: string
  labels?: string[]
  merged?: { sha: string; by?: string }
  commits?: FakeCommit[]
  files?: FakeFile[]
}

interface Answer {
  status: number
  body?: unknown
  headers?: Record<string, string>
}

/** What the store needs from the fake: its pagination, its pull requests and comments. */
export interface ChangeHost {
  readonly url: string
  readonly serverUrl: string
  paginate(items: unknown[], call: { path: string; query: Record<string, string> }): Answer
  pullsOf(repoKey: string): FakePull[]
  /** Issues and PRs of the repository with a comment holding `text`. */
  threadsWithComment(repoKey: string, text: string): number[]
  user(login: string): { login: string; type: string }
}

type DiffEntry = Pick<
  Schemas['diff-entry'],
  'sha' | 'filename' | 'status' | 'additions' | 'deletions' | 'changes' | 'patch'
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
type Release = Pick<
  Schemas['release'],
  'id' | 'tag_name' | 'name' | 'body' | 'draft' | 'prerelease' | 'published_at' | 'html_url'
>
type SearchResult = Pick<Schemas['issue-search-result-item'], 'number' | 'html_url' | 'title'>

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
    ...(file.patch === undefined ? {} : { patch: file.patch })
  }
}

export class ChangeStore {
  private readonly comparisons = new Map<string, { commits: FakeCommit[]; files: FakeFile[] }>()
  private readonly releases = new Map<string, FakeRelease[]>()

  constructor(private readonly host: ChangeHost) {}

  /** `base...head` of the repository compares to these commits (oldest first) and files. */
  addComparison(
    repoKey: string,
    base: string,
    head: string,
    change: { commits: FakeCommit[]; files: FakeFile[] }
  ): void {
    this.comparisons.set(`${repoKey}:${base}...${head}`, change)
  }

  addRelease(repoKey: string, release: FakeRelease): void {
    this.releases.set(repoKey, [...(this.releases.get(repoKey) ?? []), release])
  }

  pullCommits(fullName: string, pull: FakePull, call: Call): Answer {
    const commits = (pull.commits ?? []).map(c => this.commitEntry(fullName, c))
    return this.host.paginate(commits, call)
  }

  /** GET /commits/{sha}/pulls: the pull requests whose merge commit or commits hold the SHA. */
  pullsOfCommit(repoKey: string, fullName: string, sha: string): Answer {
    const pulls = this.host
      .pullsOf(repoKey)
      .filter(pull => pull.merged?.sha === sha || pull.commits?.some(c => c.sha === sha))
    return { status: 200, body: pulls.map(pull => this.pullSimple(fullName, pull)) }
  }

  compare(repoKey: string, fullName: string, basehead: string, call: Call): Answer {
    const change = this.comparisons.get(`${repoKey}:${decodeURIComponent(basehead)}`)
    if (change === undefined) return NOT_FOUND
    const perPage = Math.min(100, Number(call.query.per_page ?? 250) || 250)
    const page = Number(call.query.page ?? 1) || 1
    const body: Comparison = {
      url: `${this.host.url}/repos/${fullName}/compare/${basehead}`,
      html_url: `${this.host.serverUrl}/${fullName}/compare/${basehead}`,
      status: 'ahead',
      ahead_by: change.commits.length,
      behind_by: 0,
      total_commits: change.commits.length,
      commits: change.commits
        .slice((page - 1) * perPage, page * perPage)
        .map(c => this.commitEntry(fullName, c)),
      // GitHub gives the files on the first page only.
      files: page === 1 ? change.files.slice(0, COMPARE_FILES).map(diffEntry) : []
    }
    return { status: 200, body }
  }

  /** Newest first, as GitHub lists them (by creation; here, the order added, reversed). */
  listReleases(repoKey: string, fullName: string, call: Call): Answer {
    const releases = [...(this.releases.get(repoKey) ?? [])].reverse().map((release): Release => ({
      id: release.id,
      tag_name: release.tag,
      name: release.name ?? release.tag,
      body: release.body ?? '',
      draft: release.draft ?? false,
      prerelease: release.prerelease ?? false,
      published_at: release.draft ? null : (release.publishedAt ?? null),
      html_url: `${this.host.serverUrl}/${fullName}/releases/tag/${release.tag}`
    }))
    return this.host.paginate(releases, call)
  }

  /** GET /search/issues with `repo:o/r in:comments "text"`: the threads with such a comment. */
  searchIssues(call: Call): Answer {
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
    const numbers = this.host.threadsWithComment(fullName.toLowerCase(), phrase[1])
    const items = numbers.map((number): SearchResult => ({
      number,
      title: `Issue ${number}`,
      html_url: `${this.host.serverUrl}/${fullName}/issues/${number}`
    }))
    return { status: 200, body: { total_count: items.length, incomplete_results: false, items } }
  }

  private commitEntry(fullName: string, commit: FakeCommit): CommitEntry {
    return {
      sha: commit.sha,
      html_url: `${this.host.serverUrl}/${fullName}/commit/${commit.sha}`,
      commit: { message: commit.message }
    }
  }

  private pullSimple(fullName: string, pull: FakePull): PullSimple {
    return {
      number: pull.number,
      title: pull.title ?? `Pull request ${pull.number}`,
      body: pull.body ?? null,
      html_url: `${this.host.serverUrl}/${fullName}/pull/${pull.number}`,
      state: pull.merged ? 'closed' : 'open',
      merge_commit_sha: pull.merged?.sha ?? null,
      merged_at: pull.merged ? '2026-11-20T10:00:00Z' : null,
      user: this.host.user(pull.user ?? 'octocat'),
      labels: (pull.labels ?? []).map(name => ({ name })),
      head: { ref: pull.head ?? 'feature' },
      base: { ref: pull.base ?? 'main' }
    }
  }
}

type Call = { path: string; query: Record<string, string> }
