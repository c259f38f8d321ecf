/**
 * The loop guard: a pull request the docs agent opened never starts a job, whatever `allowed-bots`
 * says. It is the agent's when its thread holds our back-link comment, or a comment of ours reports
 * its URL (one search, then the first threads read). Only the token's identity's comments count.
 */
import { searchCommentsFor } from '../../github/changes.js'
import { listComments, type IssueComment } from '../../github/comments.js'
import type { Identity } from '../../github/identity.js'
import type { Octokit } from '../../github/octokit.js'
import type { RepoRef } from '../../github/refs.js'
import { getErrorMessage } from '../../shared/errors.js'
import type { Runtime } from '../../shared/runtime.js'
import type { ChangedPull } from './change.js'
import { ownMarker } from '../../job/markers.js'
import { readComment } from '../../job/comment-layout.js'

/** Search hits whose threads are read to confirm; the first few are the likely ones. */
const CONFIRMED_HITS = 3

/** Our comments whose headline links a docs PR the agent opened: a job's result, a digest's note. */
const REPORTING_KINDS: ReadonlySet<string> = new Set(['tracking', 'note'])

interface Lookup {
  octokit: Octokit
  repo: RepoRef
  identity: Identity
  rt: Runtime
}

export async function ownPullReason(
  pull: Pick<ChangedPull, 'number' | 'htmlUrl'>,
  thread: readonly IssueComment[] | undefined,
  lookup: Lookup
): Promise<string | undefined> {
  const { identity } = lookup
  if (thread?.some(comment => ownMarker(comment, identity)?.kind === 'back-link')) {
    return `pull request #${pull.number} was opened by the docs agent (it holds this action's back-link comment)`
  }
  if (!pull.htmlUrl) return undefined
  const reporter = await reportingThread(pull, thread, lookup)
  if (reporter === undefined) return undefined
  return `pull request #${pull.number} was opened by the docs agent (the tracking comment in #${reporter} reports it)`
}

/**
 * Whether a comment of ours reports the pull request as its job's result. Reporting it means the
 * job's result names it (the headline), never a quote that mentions it: the tracking comment of a
 * label or a comment on this very pull request may quote its URL. A digest's note links its docs PR
 * alike, and notes can fill the first search hits before the digest's tracking issue does.
 */
export function reportsPull(
  comment: IssueComment,
  { identity, url }: { identity: Identity; url: string }
): boolean {
  if (url === '' || !REPORTING_KINDS.has(ownMarker(comment, identity)?.kind ?? '')) return false
  // `(…/pull/1)` is not `(…/pull/12)`: the link ends where the URL does.
  return readComment(comment.body)?.headline.includes(`(${url})`) ?? false
}

async function reportingThread(
  pull: Pick<ChangedPull, 'number' | 'htmlUrl'>,
  thread: readonly IssueComment[] | undefined,
  { octokit, repo, identity, rt }: Lookup
): Promise<number | undefined> {
  const url = pull.htmlUrl
  const reports = (comments: readonly IssueComment[]): boolean =>
    comments.some(comment => reportsPull(comment, { identity, url }))
  try {
    const hits = await searchCommentsFor({ octokit, repo, rt }, pull.htmlUrl)
    for (const hit of hits.slice(0, CONFIRMED_HITS)) {
      const comments =
        hit.number === pull.number && thread
          ? thread
          : await listComments(octokit, { ref: { ...repo, issueNumber: hit.number } }, rt)
      if (reports(comments)) return hit.number
    }
  } catch (error) {
    rt.signal.throwIfAborted()
    // The back-link in the thread is the main guard; the search only finds more.
    rt.log.warning(
      `Could not search for a tracking comment that reports ${pull.htmlUrl}: ${getErrorMessage(error)}`
    )
  }
  return undefined
}
