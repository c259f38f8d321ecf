/**
 * What GitHub says about a code change, read once: the files and commits of a merged pull request,
 * or the pull request and compare of a push, or the compare of a release with the one before it.
 * A read that fails is a warning and leaves its part out; the change still goes to the agent.
 */
import {
  compareCommits,
  listPullCommits,
  listPullsOfCommit,
  listReleases,
  type CommitSummary,
  type PullSummary,
  type ReleaseSummary
} from '../github/changes.js'
import type { Octokit } from '../github/octokit.js'
import { listPullFiles, type PullFile } from '../github/pulls.js'
import type { RepoRef } from '../github/refs.js'
import { getErrorMessage } from '../shared/errors.js'
import type { Runtime } from '../shared/runtime.js'
import type { ChangedPull, ChangedPush, ChangedRelease, CodeChange } from './change.js'

/** The files the context lists; more are counted. */
export const LISTED_FILES = 100
/** The commit subjects the context lists; more are counted. */
export const LISTED_COMMITS = 50
/** GitHub lists at most this many files of a pull request, and 300 of a compare. */
const PULL_FILES_CAP = 3000
const COMPARE_FILES_CAP = 300

export interface ChangeReading {
  /** The change, with a push's pull request filled in when GitHub named one. */
  change: CodeChange
  files: PullFile[]
  /** Every changed file is in `files` (so "all ignored" can be told). */
  filesComplete: boolean
  totalFiles?: number
  commits: CommitSummary[]
  totalCommits?: number
  /** The compared range of a push or release. */
  range?: { base: string; head: string; url?: string }
  /** A release's previous release, when there is one. */
  previousTag?: string
  /** Parts GitHub did not give (each also a warning): the prompt says they are missing. */
  missing: string[]
}

interface Reader {
  octokit: Octokit
  repo: RepoRef
  rt: Runtime
  ignored: (path: string) => boolean
}

export async function readChange(change: CodeChange, reader: Reader): Promise<ChangeReading> {
  if (change.kind === 'pull') return readPull(change.pull, reader)
  if (change.kind === 'push') return readPush(change.push, reader)
  return readRelease(change.release, reader)
}

/** The reading of a change GitHub was not asked about (no github-token). */
export function unreadChange(change: CodeChange): ChangeReading {
  return { change, files: [], filesComplete: false, commits: [], missing: [] }
}

/** Runs a read; a failure (not a cancel) is a warning and `fallback`. */
async function attempt<T>(
  what: string,
  read: () => Promise<T>,
  fallback: T,
  missing: string[],
  rt: Runtime
): Promise<T> {
  try {
    return await read()
  } catch (error) {
    rt.signal.throwIfAborted()
    rt.log.warning(`Could not read ${what} for the prompt's context: ${getErrorMessage(error)}`)
    missing.push(what)
    return fallback
  }
}

async function readPull(pull: ChangedPull, reader: Reader): Promise<ChangeReading> {
  const { octokit, repo, rt, ignored } = reader
  const missing: string[] = []
  // One page lists 100 files; more pages are read only while every file so far is ignored, to
  // tell a change that touches nothing but ignored paths.
  const files = await attempt(
    'the changed files',
    () =>
      listPullFiles(octokit, repo, pull.number, rt, PULL_FILES_CAP, listed =>
        listed.some(file => !ignored(file.path))
      ),
    undefined,
    missing,
    rt
  )
  const commits = await attempt(
    'the commits',
    () => listPullCommits(octokit, repo, pull.number, rt, LISTED_COMMITS),
    [],
    missing,
    rt
  )
  const totalFiles = pull.changedFiles ?? files?.length
  return {
    change: { kind: 'pull', pull },
    files: files ?? [],
    filesComplete: files !== undefined && files.length >= (totalFiles ?? 0),
    totalFiles,
    commits,
    totalCommits: pull.commits ?? commits.length,
    missing
  }
}

async function readPush(push: ChangedPush, reader: Reader): Promise<ChangeReading> {
  const { octokit, repo, rt } = reader
  const missing: string[] = []
  const pulls = await attempt(
    'the pull request of the pushed commit',
    () => listPullsOfCommit(octokit, repo, push.after, rt),
    [],
    missing,
    rt
  )
  const pull = pullOfPush(pulls, push)
  // A new branch has no `before`: its change is what it adds to the default branch.
  const base = push.created ? push.defaultBranch : push.before
  const compared = await attempt(
    `the compare ${base}...${push.after}`,
    () => compareCommits(octokit, repo, base, push.after, rt),
    undefined,
    missing,
    rt
  )
  return {
    change: { kind: 'push', push, pull },
    ...comparisonParts(compared),
    range: { base, head: push.after, url: compared?.htmlUrl },
    missing
  }
}

/** The pull request the head commit came from: the one it merged, else the first listed. */
function pullOfPush(pulls: PullSummary[], push: ChangedPush): ChangedPull | undefined {
  const chosen = pulls.find(pull => pull.merged && pull.mergeSha === push.after) ?? pulls[0]
  if (!chosen) return undefined
  return { ...chosen, mergeSha: chosen.merged ? chosen.mergeSha : undefined }
}

function comparisonParts(
  compared: Awaited<ReturnType<typeof compareCommits>> | undefined
): Pick<ChangeReading, 'files' | 'filesComplete' | 'totalFiles' | 'commits' | 'totalCommits'> {
  if (!compared) return { files: [], filesComplete: false, commits: [] }
  const { files, commits, totalCommits } = compared
  return {
    files,
    filesComplete: files.length < COMPARE_FILES_CAP,
    totalFiles: files.length < COMPARE_FILES_CAP ? files.length : undefined,
    commits: commits.slice(0, LISTED_COMMITS),
    totalCommits
  }
}

async function readRelease(release: ChangedRelease, reader: Reader): Promise<ChangeReading> {
  const { octokit, repo, rt } = reader
  const missing: string[] = []
  const releases = await attempt(
    'the earlier releases',
    () => listReleases(octokit, repo, rt),
    [],
    missing,
    rt
  )
  const previous = previousRelease(releases, release)
  const compared =
    previous &&
    (await attempt(
      `the compare ${previous.tag}...${release.tag}`,
      () => compareCommits(octokit, repo, previous.tag, release.tag, rt),
      undefined,
      missing,
      rt
    ))
  return {
    change: { kind: 'release', release },
    ...comparisonParts(compared),
    range: previous && { base: previous.tag, head: release.tag, url: compared?.htmlUrl },
    previousTag: previous?.tag,
    missing
  }
}

/**
 * The latest published release before this one by publication time: drafts never, prereleases
 * only when this one is a prerelease too.
 */
export function previousRelease(
  releases: readonly ReleaseSummary[],
  release: Pick<ChangedRelease, 'id' | 'prerelease' | 'publishedAt'>
): ReleaseSummary | undefined {
  const before = release.publishedAt ?? Number.POSITIVE_INFINITY
  return releases
    .filter(other => other.id !== release.id && !other.draft && other.publishedAt !== undefined)
    .filter(other => release.prerelease || !other.prerelease)
    .filter(other => (other.publishedAt as number) < before)
    .sort((a, b) => (b.publishedAt as number) - (a.publishedAt as number) || b.id - a.id)[0]
}
