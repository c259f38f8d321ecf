/** Pull-request details, for the context block of a prompt. */
import type { Runtime } from '../shared/runtime.js'
import type { RepoRef } from './refs.js'
import type { Octokit } from './octokit.js'
import { listAllPages } from './paginate.js'
import { expectRecord } from './response.js'
import { inRepo, readChecked } from './request.js'
import type { GitHubCallOptions } from './retry.js'

export interface PullRequestInfo {
  number: number
  title: string
  body: string
  htmlUrl: string
  author: string
  baseRef: string
  headRef: string
  /** Neither closed nor merged. */
  open: boolean
}

export interface PullFile {
  path: string
  additions: number
  deletions: number
  status: string
  /** The file's unified diff as GitHub gives it (absent for binary or very large files). */
  patch?: string
}

/** GitHub lists at most 3000 files of a pull request; a prompt needs far fewer. */
const DEFAULT_MAX_PULL_FILES = 300

/** One pull request, and how the call is made. */
export type PullCall = GitHubCallOptions & { repo: RepoRef; pullNumber: number }

export async function getPullRequest(
  octokit: Octokit,
  { repo, pullNumber, ...options }: PullCall,
  rt: Runtime
): Promise<PullRequestInfo> {
  const get = (signal?: AbortSignal) =>
    octokit.rest.pulls.get({ ...inRepo(repo), pull_number: pullNumber, request: { signal } })
  const what = `pull request #${pullNumber}`
  const data = await readChecked(get, answer => expectRecord(answer, what), rt, options)
  return {
    number: data.number,
    title: data.title,
    body: data.body ?? '',
    htmlUrl: data.html_url,
    author: data.user?.login ?? '',
    baseRef: data.base.ref,
    headRef: data.head.ref,
    open: data.state === 'open'
  }
}

/** Its files: at most `max`, and no more once those so far satisfy `until`. */
interface FilesCall {
  repo: RepoRef
  pullNumber: number
  max?: number
  until?: (files: PullFile[]) => boolean
}

export async function listPullFiles(
  octokit: Octokit,
  { repo, pullNumber, max = DEFAULT_MAX_PULL_FILES, until }: FilesCall,
  rt: Runtime
): Promise<PullFile[]> {
  if (max <= 0) return []
  const files = await listAllPages(
    page => octokit.rest.pulls.listFiles({ ...inRepo(repo), pull_number: pullNumber, ...page }),
    rt,
    { max, until: until && (raw => until(raw.map(toPullFile))) }
  )
  return files.map(toPullFile)
}

/** GitHub's file entry (of a pull request or a compare) as the prompt needs it. */
export function toPullFile(file: {
  filename: string
  additions: number
  deletions: number
  status: string
  patch?: string
}): PullFile {
  return {
    path: file.filename,
    additions: file.additions,
    deletions: file.deletions,
    status: file.status,
    ...(file.patch === undefined ? {} : { patch: file.patch })
  }
}
