/**
 * Each digest finishes the one before, so a daily digest needs no sweep to stay correct (the sweep
 * remains the backstop for the last one). Before the digest decides anything: the previous digest's
 * job, when its comment does not show its end and no run follows it any more, is read once; if it
 * has ended, its comment is finished as the sweep finishes it (job/finish-left.ts: the result, the
 * back-link, the notes) and it counts as settled with that end. A claim a dead run left (pending, no
 * job, past its deadline) is taken over: this digest reuses its comment. A create whose outcome was
 * never told (`unknown`) is never given back, and named.
 */
import type { GitHubAccess, Identity } from '../../github/identity.js'
import { digestFieldsOf, withDigest } from '../../job/digest-marker.js'
import { finishLeftJob } from '../../job/finish-left.js'
import { markerAfter } from '../../job/rerun-protocol.js'
import { endedResult, type JobResult } from '../../job/result.js'
import { deadlineMsOf, isFollowingRunOver, pastDeadline } from '../../job/run-over.js'
import { createMintlifyClient } from '../../mintlify/client.js'
import { isEndedJob, type AgentJob, type EndedJob } from '../../mintlify/types.js'
import { withRetry } from '../../mintlify/with-retry.js'
import { getErrorMessage } from '../../shared/errors.js'
import type { AgentFlow } from '../flow.js'
import { historyAfter, type DigestHistory, type DigestRecord } from './history.js'
import { unreportedText, type Unreported } from './report.js'

export interface HealedHistory extends DigestHistory {
  /** A claim left by a dead run: this digest reuses its comment and rewrites its marker. */
  takeover?: DigestRecord
}

/** What healing works with: the digest's flow with GitHub, and the service's request timeout. */
export interface Healing {
  flow: AgentFlow & { github: GitHubAccess }
  identity: Identity
  /** The tracking issue. */
  issueNumber: number
  requestTimeoutMs?: number
}

export async function healHistory(
  history: DigestHistory,
  healing: Healing
): Promise<HealedHistory> {
  const { rt } = healing.flow
  const healed = await finishBefore(history, healing)
  const claim = history.rerun ? undefined : history.claim
  const takeover =
    claim && pastDeadline(deadlineMsOf(claim.marker), rt.clock.now()) ? claim : undefined
  if (takeover) {
    rt.log.info(
      `The digest claimed by run ${takeover.marker.run ?? '(unknown)'} (${takeover.comment.htmlUrl}) ` +
        'got no job by its deadline; this digest takes its comment over.'
    )
  }
  const before = healed.after
  if (before?.marker.state === 'unknown') {
    rt.log.warning(
      `${unreportedText(unreportedOf(before))} Its pull requests are not offered again.`
    )
  }
  return { ...healed, takeover }
}

/** A digest whose create may have started a job nobody heard of: its window and comment. */
export function unreportedOf(record: DigestRecord): Unreported {
  return { since: record.since, until: record.until, url: record.comment.htmlUrl }
}

/** The previous digest's history once its job's end, if it has ended, is shown and counted. */
async function finishBefore(history: DigestHistory, healing: Healing): Promise<DigestHistory> {
  const before = history.after
  const jobId = before && endNotShown(before)
  if (!before || !jobId || !(await noRunFollows(before, healing))) return history
  const job = await readJob(jobId, healing)
  if (!job) return history
  if (!isEndedJob(job)) {
    healing.flow.rt.log.info(`The previous digest's job ${jobId} is still running.`)
    return history
  }
  const result = await finish(before, { jobId, job }, healing)
  const request = { key: before.marker.request ?? '', run: before.marker.run }
  const marker = withDigest(markerAfter(request, result), digestFieldsOf(before.marker), result)
  return { ...history, ...historyAfter({ ...before, marker }) }
}

/**
 * The job of a digest whose comment does not show its end (let go or followed, no end recorded), or
 * of a follow-up still marked as being sent (its run may have died sending it: once that run is over
 * the job is followed, as the re-run protocol attaches to a follow-up whose answer was lost).
 */
function endNotShown({ marker }: DigestRecord): string | undefined {
  if (marker.state === 'pending') return marker.job
  const open = marker.phase === 'left' || marker.phase === 'following'
  return marker.state === 'job' && open && !marker.status ? marker.job : undefined
}

/** Never competes with a run that still follows the job: `left`, or `following` and its run over. */
async function noRunFollows(before: DigestRecord, { flow }: Healing): Promise<boolean> {
  if (before.marker.phase === 'left') return true
  const { context, github, rt } = flow
  const repo = { owner: context.owner, repo: context.repo }
  const written = { comment: {}, marker: before.marker, deadlineMs: deadlineMsOf(before.marker) }
  try {
    return await isFollowingRunOver({ octokit: github.octokit, repo }, written, rt)
  } catch (error) {
    rt.signal.throwIfAborted()
    rt.log.warning(
      `Could not tell whether run ${before.marker.run} still follows the previous digest's job ` +
        `(${getErrorMessage(error)}); it is left to that run.`
    )
    return false
  }
}

/** One read of the job, as the sweep reads it; undefined (a warning) when it cannot be read. */
async function readJob(
  jobId: string,
  { flow, requestTimeoutMs }: Healing
): Promise<AgentJob | undefined> {
  const { settings, rt } = flow
  const client = createMintlifyClient(settings.service, { requestTimeoutMs })
  try {
    return await withRetry(signal => client.getJob(jobId, { signal }), rt, {
      operation: 'get-job'
    })
  } catch (error) {
    rt.signal.throwIfAborted()
    rt.log.warning(
      `Could not read the previous digest's job ${jobId} (${getErrorMessage(error)}); ` +
        'it is taken as still running.'
    )
    return undefined
  }
}

/** Its comment finished as the sweep finishes it; the job's end counts even when the edit fails. */
async function finish(
  before: DigestRecord,
  { jobId, job }: { jobId: string; job: EndedJob },
  { flow, identity, issueNumber }: Healing
): Promise<JobResult> {
  const { settings, context, github, rt } = flow
  const left = {
    comment: before.comment,
    marker: before.marker,
    jobId,
    job,
    issueNumber,
    // The original run wrote the comment as it started, as the sweep measures it.
    startedAt: before.comment.createdAt ?? rt.clock.now()
  }
  const repo = { owner: context.owner, repo: context.repo }
  const finishing = { octokit: github.octokit, identity, repo, serverUrl: context.serverUrl }
  try {
    return await finishLeftJob(left, { ...finishing, backLink: settings.backLink }, rt)
  } catch (error) {
    rt.signal.throwIfAborted()
    rt.log.warning(
      `Could not finish the previous digest's comment (job ${jobId}, ${job.status}): ` +
        `${getErrorMessage(error)}. The sweep finishes it.`
    )
    return endedResult(job, { jobId, mode: 'created', elapsedMs: 0, serverUrl: context.serverUrl })
  }
}
