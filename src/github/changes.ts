/**
 * What a code change is, as GitHub describes it: a pull request's commits, the pull requests a
 * commit belongs to, the compare of two commits, the releases, and the issue search that finds a
 * URL in comments. Each is one read (one page) unless said otherwise.
 */
import type { Runtime } from '../shared/runtime.js'
import type { Octokit } from './octokit.js'
import { pullFacts, type PullFacts } from './merged-pulls.js'
import { listAllPages } from './paginate.js'
import { toPullFile, type PullFile } from './pulls.js'
import type { RepoRef } from './refs.js'
import { expectArray, expectObject } from './response.js'
import { readChecked } from './request.js'

/** A repository's calls: the client, the repository, the run. */
export type RepoReader = { octokit: Octokit; repo: RepoRef; rt: Runtime }

export interface CommitSummary {
  sha: string
  /** The first line of the message. */
  subject: string
}

/** A pull request as the list of a commit's pull requests gives it. */
export interface PullSummary extends PullFacts {
  baseRef: string
  headRef: string
  /** Set once merged: the commit the merge made on the base branch. */
  mergeSha?: string
  merged: boolean
}

export interface Comparison {
  htmlUrl: string
  totalCommits: number
  /** Oldest first, at most one page. */
  commits: CommitSummary[]
  /** GitHub lists at most 300 files of a compare. */
  files: PullFile[]
}

export interface ReleaseSummary {
  id: number
  tag: string
  draft: boolean
  prerelease: boolean
  /** Epoch ms; undefined for a draft. */
  publishedAt?: number
}

export type SearchHit = { number: number; htmlUrl: string }

/** The first `max` commits of a pull request (one page for up to 100). */
export async function listPullCommits(
  { octokit, repo, rt }: RepoReader,
  pullNumber: number,
  max: number
): Promise<CommitSummary[]> {
  const commits = await listAllPages(
    page => octokit.rest.pulls.listCommits({ ...repo, pull_number: pullNumber, ...page }),
    rt,
    { max }
  )
  return commits.map(toCommitSummary)
}

/** The pull requests a commit belongs to (merged ones name it as their merge commit). */
export async function listPullsOfCommit(
  { octokit, repo, rt }: RepoReader,
  sha: string
): Promise<PullSummary[]> {
  const list = (signal?: AbortSignal) =>
    octokit.rest.repos.listPullRequestsAssociatedWithCommit({
      ...repo,
      commit_sha: sha,
      per_page: 10,
      request: { signal }
    })
  const what = `the pull requests of commit ${sha}`
  const answer = await readChecked(list, data => expectArray(data, what), rt)
  return answer.map(pull => ({
    ...pullFacts(pull),
    baseRef: pull.base.ref,
    headRef: pull.head.ref,
    mergeSha: pull.merge_commit_sha ?? undefined,
    merged: Boolean(pull.merged_at)
  }))
}

/** `base...head`: the first 100 commits and the changed files (GitHub gives them on page 1). */
export async function compareCommits(
  { octokit, repo, rt }: RepoReader,
  base: string,
  head: string
): Promise<Comparison> {
  const compare = (signal?: AbortSignal) =>
    octokit.rest.repos.compareCommitsWithBasehead({
      ...repo,
      basehead: `${base}...${head}`,
      per_page: 100,
      page: 1,
      request: { signal }
    })
  const what = `the compare ${base}...${head}`
  const data = await readChecked(compare, answer => expectObject(answer, what), rt)
  return {
    htmlUrl: data.html_url,
    totalCommits: data.total_commits,
    commits: (data.commits ?? []).map(toCommitSummary),
    files: (data.files ?? []).map(toPullFile)
  }
}

/** The newest 100 releases, drafts included (GitHub lists them newest first). */
export async function listReleases({ octokit, repo, rt }: RepoReader): Promise<ReleaseSummary[]> {
  const releases = await listAllPages(
    page => octokit.rest.repos.listReleases({ ...repo, ...page }),
    rt,
    { max: 100 }
  )
  return releases.map(release => ({
    id: release.id,
    tag: release.tag_name,
    draft: release.draft,
    prerelease: release.prerelease,
    publishedAt: release.published_at ? Date.parse(release.published_at) : undefined
  }))
}

/** Issues and pull requests of the repository with a comment that holds `text` (first 10). */
export async function searchCommentsFor(
  { octokit, repo, rt }: RepoReader,
  text: string
): Promise<SearchHit[]> {
  const q = `repo:${repo.owner}/${repo.repo} in:comments "${text.replace(/"/g, '')}"`
  const search = (signal?: AbortSignal) =>
    octokit.rest.search.issuesAndPullRequests({ q, per_page: 10, request: { signal } })
  const data = await readChecked(search, answer => expectObject(answer, 'the issue search'), rt)
  return expectArray(data.items, 'the issue search').map(item => ({
    number: item.number,
    htmlUrl: item.html_url
  }))
}

function toCommitSummary(commit: { sha: string; commit: { message: string } }): CommitSummary {
  return { sha: commit.sha, subject: commit.commit.message.split('\n', 1)[0].trim() }
}
