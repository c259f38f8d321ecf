/**
 * How far back a digest reads its tracking issue, newest first: to the newest digest record of ours
 * that is not a claim in flight, which sets the watermark. A re-run also reads on to its own record.
 */
import type { IssueComment } from '../../github/comments.js'
import type { GitHubAccess, Identity } from '../../github/identity.js'
import { readNewestComments } from '../../github/newest-comments.js'
import { claimInFlight } from '../../job/life.js'
import type { IssueRef } from '../../github/refs.js'
import type { Runtime } from '../../shared/runtime.js'
import { digestRecordsOf, isOwnRun, type DigestHistory } from './history.js'

export interface DigestReader {
  identity: Identity
  runId?: string
  /** A later attempt of a run, which may have written its digest record already. */
  rerun: boolean
  /** The digest's kind: the id it triggers (undefined: a job's). */
  trigger?: string
}

/**
 * The tracking issue's newest comments, as far back as the digest needs, and who the token posts
 * as (learnt when a second page asks for it; one page: after the read).
 */
export async function readTrackingIssue(
  github: GitHubAccess,
  issue: IssueRef,
  reader: Omit<DigestReader, 'identity'>,
  rt: Runtime
): Promise<{ comments: IssueComment[]; identity: Identity }> {
  const enough = async (newest: readonly IssueComment[]): Promise<boolean> =>
    digestReadEnough({ ...reader, identity: await github.identity.get() })(newest)
  const comments = await readNewestComments(github.octokit, { ref: issue, enough }, rt)
  return { comments, identity: await github.identity.get() }
}

/** Whether the newest comments read hold what readDigestHistory needs. */
export function digestReadEnough({
  identity,
  runId,
  rerun,
  trigger
}: DigestReader): (newest: readonly IssueComment[]) => boolean {
  return newest => {
    const records = digestRecordsOf(newest, identity, trigger)
    const own = !rerun || !runId || records.some(d => isOwnRun(d, runId))
    return own && records.some(d => !isOwnRun(d, runId) && !claimInFlight(d.life))
  }
}

/**
 * From when another run's claim of this digest can date (epoch ms), for the check after claiming: a
 * digest's key names the record it follows, so every claim of it is newer than that record; a
 * re-run's may be as old as the oldest comment it read. Undefined: the whole issue is read.
 */
export function digestClaimsSince(
  history: Pick<DigestHistory, 'after' | 'rerun'>,
  comments: readonly IssueComment[]
): number | undefined {
  const from =
    history.rerun || !history.after
      ? comments[0]
      : comments.find(comment => comment.id === history.after?.commentId)
  // GitHub's timestamps are whole seconds: a second earlier keeps that record itself in the listing.
  return from?.createdAt === undefined ? undefined : from.createdAt - 1000
}
