/**
 * Each digest finishes the one before, so a daily digest needs no sweep to stay correct (the sweep is
 * the backstop for the last one): an ended job's comment is finished as the sweep finishes it, a dead
 * run's claim is taken over, and a create whose outcome was never told is named, never given back.
 */
import { withDigest } from '../../job/digest-marker.js'
import {
  finishLeftJob,
  finishLeftTriggered,
  leftComment,
  readLeftJob,
  type FinishContext
} from '../../job/finish-left.js'
import { deadClaim, digestOf, endNotShown, lifeOfMarker, triggeredRunOf } from '../../job/life.js'
import { NOT_FOUND_GRACE_MS } from '../../job/poll.js'
import { markerAfter, requestRefOf } from '../../job/rerun-protocol.js'
import { endedResult, type JobResult } from '../../job/result.js'
import { isFollowingRunOver } from '../../job/run-over.js'
import type { MintlifyClient } from '../../mintlify/client.js'
import { isNotFound } from '../../mintlify/errors.js'
import { isEndedJob, type AgentJob, type EndedJob } from '../../mintlify/types.js'
import { getErrorMessage } from '../../shared/errors.js'
import type { Runtime } from '../../shared/runtime.js'
import { historyAfter, type DigestHistory, type DigestRecord } from './history.js'
import { unreportedText, type Unreported } from './report.js'
import type { Edge } from '../dry-run.js'

export interface HealedHistory extends DigestHistory {
  /** A claim left by a dead run: this digest reuses its comment and rewrites its marker. */
  takeover?: DigestRecord
  /** The digest before, when its create may have started a job nobody heard of. */
  unreported?: Unreported
  /** Why the digest before has not ended (its job runs, or its claim is live): a trigger waits. */
  running?: string
}

/** What healing works with: where the tracking comments live and who writes, and the service. */
export interface Healing extends FinishContext {
  client: MintlifyClient
  issueNumber: number
  edge: Edge
}

export async function healHistory(
  history: DigestHistory,
  healing: Healing,
  rt: Runtime
): Promise<HealedHistory> {
  const { running, ...healed } = await finishBefore(history, healing, rt)
  const claim = history.rerun ? undefined : history.claim
  const takeover = claim && deadClaim(claim.life, rt.clock.now()) ? claim : undefined
  const live =
    claim && !takeover ? `run ${claim.life.run ?? '(unknown)'} is triggering it` : running
  if (takeover) {
    rt.log.info(
      `The digest claimed by run ${takeover.life.run ?? '(unknown)'} (${takeover.comment.htmlUrl}) ` +
        'got no job by its deadline; this digest takes its comment over.'
    )
    healing.edge.note(`take over the dead claim ${takeover.comment.htmlUrl}`)
  }
  const before = healed.after
  if (before?.life.phase.phase !== 'unknown') return { ...healed, takeover, running: live }
  const unreported = { since: before.since, until: before.until, url: before.comment.htmlUrl }
  rt.log.warning(`${unreportedText(unreported)} Its pull requests are not offered again.`)
  return { ...healed, takeover, unreported, running: live }
}

/**
 * The previous digest's history once its job's end, if it has ended, is shown and counted; else why
 * it has not ended. A triggered run whose job the read does not show (404) has: `triggered`.
 */
async function finishBefore(
  history: DigestHistory,
  healing: Healing,
  rt: Runtime
): Promise<DigestHistory & { running?: string }> {
  const before = history.after
  const open = before && endNotShown(before.life)
  if (!before || !open) return history
  // A read that failed is a warning: the digest goes on without knowing how the job before ended.
  const running = (why: string, failed = false): DigestHistory & { running: string } => {
    rt.log[failed ? 'warning' : 'info'](`The previous digest's job ${open.jobId} ${why}.`)
    return { ...history, running: `its job ${open.jobId} ${why}` }
  }
  // Never competes with a run that still follows the job: `left`, or `following` and its run over.
  if (open.runMayFollow) {
    const { comment, life } = before
    const written = { comment, marker: { run: life.run }, deadlineMs: life.deadlineMs }
    const { octokit, repo } = healing
    try {
      if (!(await isFollowingRunOver({ octokit, repo }, written, rt))) {
        return running(`is followed by run ${life.run}`)
      }
    } catch (error) {
      rt.signal.throwIfAborted()
      return running(`is left to run ${life.run} (${getErrorMessage(error)})`, true)
    }
  }
  const { jobId } = open
  let job: AgentJob | undefined
  try {
    job = await readLeftJob(healing.client, jobId, rt)
  } catch (error) {
    rt.signal.throwIfAborted()
    const sinceWritten = rt.clock.now() - (before.comment.createdAt ?? 0)
    const hidden = triggeredRunOf(before.life) && isNotFound(error)
    // Past the grace a just-created job gets, a triggered run the job read does not show is queued.
    if (!hidden || sinceWritten < NOT_FOUND_GRACE_MS) {
      return running(`is taken as still running (${getErrorMessage(error)})`, true)
    }
  }
  if (job && !isEndedJob(job)) return running('is still running')
  const result = await finish(before, { jobId, job }, healing, rt)
  const { life } = before
  const marker = withDigest(markerAfter(requestRefOf(life), result), digestOf(life), result)
  return { ...history, ...historyAfter({ ...before, life: lifeOfMarker(marker) }) }
}

/**
 * Its comment finished as the sweep finishes it (no job: a triggered run the job read does not
 * show); the end counts even when the edit fails.
 */
async function finish(
  before: DigestRecord,
  { jobId, job }: { jobId: string; job?: EndedJob },
  { issueNumber, edge, ...finishing }: Omit<Healing, 'client'>,
  rt: Runtime
): Promise<JobResult> {
  const comment = { ...before.comment, issueNumber }
  const left = { ...leftComment(comment, before.life), jobId }
  const status = job?.status ?? 'triggered'
  const heal = `heal the previous digest's comment (${comment.htmlUrl}): its job ${jobId} ended ${status}`
  try {
    const finished = await edge.write(heal, () =>
      job
        ? finishLeftJob({ ...left, job }, finishing, rt)
        : finishLeftTriggered(left, finishing, rt)
    )
    if (finished) return finished
  } catch (error) {
    rt.signal.throwIfAborted()
    rt.log.warning(
      `Could not finish the previous digest's comment (job ${jobId}, ${status}): ` +
        `${getErrorMessage(error)}. The sweep finishes it.`
    )
  }
  const facts = { jobId, mode: 'created' as const, elapsedMs: 0 }
  return job
    ? endedResult(job, { ...facts, serverUrl: finishing.serverUrl })
    : { status: 'triggered', ...facts }
}
