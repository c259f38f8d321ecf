/**
 * What GitHub says about a code change, read once. A read that fails is a warning and leaves its part
 * out; the change still goes to the agent.
 */
import {
  compareCommits,
  listPullCommits,
  listPullsOfCommit,
  listReleases,
  type CommitSummary,
  type Comparison,
  type PullSummary,
  type ReleaseSummary,
  type RepoReader
} from '../../github/changes.js'
import { listPullFiles, type PullFile } from '../../github/pulls.js'
import { getErrorMessage } from '../../shared/errors.js'
import type { Runtime } from '../../shared/runtime.js'
import type { ChangedPull, ChangedPush, ChangedRelease, CodeChange } from './change.js'

/** The commit subjects the context lists; more are counted. */
const LISTED_COMMITS = 50
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
  range?: { base: string; head: string; url?: string }
  previousTag?: string
  /** Parts GitHub did not give (each also a warning): the prompt says they are missing. */
  missing: string[]
}

interface Reader extends RepoReader {
  ignored: (path: string) => boolean
}

export async function readChange(change: CodeChange, reader: Reader): Promise<ChangeReading> {
  if (change.kind === 'pull') return readPull(change.pull, reader)
  if (change.kind === 'push') return readPush(change.push, reader)
  return readRelease(change.release, reader)
}

export function unreadChange(change: CodeChange): ChangeReading {
  return { change, files: [], filesComplete: false, commits: [], missing: [] }
}

/** Reads that may fail: a failure (not a cancel) is a warning, its fallback, and a missing part. */
class Reads {
  readonly missing: string[] = []
  constructor(private readonly rt: Runtime) {}

  async of<T>(what: string, read: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await read()
    } catch (error) {
      this.rt.signal.throwIfAborted()
      this.rt.log.warning(
        `Could not read ${what} for the prompt's context: ${getErrorMessage(error)}`
      )
      this.missing.push(what)
      return fallback
    }
  }

  compare(reader: Reader, base: string, head: string): Promise<Comparison | undefined> {
    const read = (): Promise<Comparison> => compareCommits(reader, base, head)
    return this.of(`the compare ${base}...${head}`, read, undefined)
  }
}

async function readPull(pull: ChangedPull, reader: Reader): Promise<ChangeReading> {
  const { octokit, repo, rt, ignored } = reader
  const reads = new Reads(rt)
  // One page lists 100 files; more pages are read only while every file so far is ignored, to
  // tell a change that touches nothing but ignored paths.
  const anyWanted = (listed: PullFile[]): boolean => listed.some(file => !ignored(file.path))
  const listing = { repo, pullNumber: pull.number, max: PULL_FILES_CAP, until: anyWanted }
  const listFiles = () => listPullFiles(octokit, listing, rt)
  const files = await reads.of('the changed files', listFiles, undefined)
  const listCommits = () => listPullCommits(reader, pull.number, LISTED_COMMITS)
  const commits = await reads.of('the commits', listCommits, [])
  const totalFiles = pull.changedFiles ?? files?.length
  return {
    change: { kind: 'pull', pull },
    files: files ?? [],
    filesComplete: files !== undefined && files.length >= (totalFiles ?? 0),
    totalFiles,
    commits,
    totalCommits: pull.commits ?? commits.length,
    missing: reads.missing
  }
}

async function readPush(push: ChangedPush, reader: Reader): Promise<ChangeReading> {
  const reads = new Reads(reader.rt)
  const listPulls = () => listPullsOfCommit(reader, push.after)
  const pulls = await reads.of('the pull request of the pushed commit', listPulls, [])
  const pull = pullOfPush(pulls, push)
  // A new branch has no `before`: its change is what it adds to the default branch.
  const base = push.created ? push.defaultBranch : push.before
  const compared = await reads.compare(reader, base, push.after)
  return {
    change: { kind: 'push', push, pull },
    ...comparisonParts(compared),
    range: { base, head: push.after, url: compared?.htmlUrl },
    missing: reads.missing
  }
}

/** The pull request the head commit came from: the one it merged, else the first listed. */
function pullOfPush(pulls: PullSummary[], push: ChangedPush): ChangedPull | undefined {
  const chosen = pulls.find(pull => pull.merged && pull.mergeSha === push.after) ?? pulls[0]
  if (!chosen) return undefined
  return { ...chosen, mergeSha: chosen.merged ? chosen.mergeSha : undefined }
}

function comparisonParts(
  compared: Comparison | undefined
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
  const reads = new Reads(reader.rt)
  const releases = await reads.of('the earlier releases', () => listReleases(reader), [])
  const previous = previousRelease(releases, release)
  const compared = previous && (await reads.compare(reader, previous.tag, release.tag))
  return {
    change: { kind: 'release', release },
    ...comparisonParts(compared),
    range: previous && { base: previous.tag, head: release.tag, url: compared?.htmlUrl },
    previousTag: previous?.tag,
    missing: reads.missing
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
