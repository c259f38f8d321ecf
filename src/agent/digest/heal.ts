/**
 * Each digest finishes the one before, so a daily digest needs no sweep to stay correct (the sweep is
 * the backstop for the last one): an ended job's comment is finished as the sweep finishes it, a dead
 * run's claim is taken over, and a create whose outcome was never told is named, never given back.
 */
import { withDigest } from '../../job/digest-marker.js'
import {
  finishLeftJob,
  leftComment,
  readLeftJob,
  type FinishContext
} from '../../job/finish-left.js'
import { deadClaim, digestOf, endNotShown, lifeOfMarker } from '../../job/life.js'
import { markerAfter, requestRefOf } from '../../job/rerun-protocol.js'
import { endedResult, type JobResult } from '../../job/result.js'
import { isFollowingRunOver } from '../../job/run-over.js'
import type { MintlifyClient } from '../../mintlify/client.js'
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
  const healed = await finishBefore(history, healing, rt)
  const claim = history.rerun ? undefined : history.claim
  const takeover = claim && deadClaim(claim.life, rt.clock.now()) ? claim : undefined
  if (takeover) {
    rt.log.info(
      `The digest claimed by run ${takeover.life.run ?? '(unknown)'} (${takeover.comment.htmlUrl}) ` +
        'got no job by its deadline; this digest takes its comment over.'
    )
    healing.edge.note(`take over the dead claim ${takeover.comment.htmlUrl}`)
  }
  const before = healed.after
  if (before?.life.phase.phase !== 'unknown') return { ...healed, takeover }
  const unreported = { since: before.since, until: before.until, url: before.comment.htmlUrl }
  rt.log.warning(`${unreportedText(unreported)} Its pull requests are not offered again.`)
  return { ...healed, takeover, unreported }
}

/** The previous digest's history once its job's end, if it has ended, is shown and counted. */
async function finishBefore(
  history: DigestHistory,
  healing: Healing,
  rt: Runtime
): Promise<DigestHistory> {
  const before = history.after
  const open = before && endNotShown(before.life)
  if (!before || !open) return history
  // Never competes with a run that still follows the job: `left`, or `following` and its run over.
  if (open.runMayFollow) {
    const { comment, life } = before
    const written = { comment, marker: { run: life.run }, deadlineMs: life.deadlineMs }
    const { octokit, repo } = healing
    try {
      if (!(await isFollowingRunOver({ octokit, repo }, written, rt))) return history
    } catch (error) {
      rt.signal.throwIfAborted()
      rt.log.warning(
        `Could not tell whether run ${life.run} still follows the previous digest's job ` +
          `(${getErrorMessage(error)}); it is left to that run.`
      )
      return history
    }
  }
  const { jobId } = open
  let job: AgentJob
  try {
    job = await readLeftJob(healing.client, jobId, rt)
  } catch (error) {
    rt.signal.throwIfAborted()
    rt.log.warning(
      `Could not read the previous digest's job ${jobId} (${getErrorMessage(error)}); ` +
        'it is taken as still running.'
    )
    return history
  }
  if (!isEndedJob(job)) {
    rt.log.info(`The previous digest's job ${jobId} is still running.`)
    return history
  }
  const result = await finish(before, { jobId, job }, healing, rt)
  const { life } = before
  const marker = withDigest(markerAfter(requestRefOf(life), result), digestOf(life), result)
  return { ...history, ...historyAfter({ ...before, life: lifeOfMarker(marker) }) }
}

/** Its comment finished as the sweep finishes it; the job's end counts even when the edit fails. */
async function finish(
  before: DigestRecord,
  { jobId, job }: { jobId: string; job: EndedJob },
  { issueNumber, edge, ...finishing }: Omit<Healing, 'client'>,
  rt: Runtime
): Promise<JobResult> {
  const comment = { ...before.comment, issueNumber }
  const left = { ...leftComment(comment, before.life), jobId, job }
  const heal = `heal the previous digest's comment (${comment.htmlUrl}): its job ${jobId} ended ${job.status}`
  try {
    const finished = await edge.write(heal, () => finishLeftJob(left, finishing, rt))
    if (finished) return finished
  } catch (error) {
    rt.signal.throwIfAborted()
    rt.log.warning(
      `Could not finish the previous digest's comment (job ${jobId}, ${job.status}): ` +
        `${getErrorMessage(error)}. The sweep finishes it.`
    )
  }
  const { serverUrl } = finishing
  return endedResult(job, { jobId, mode: 'created', elapsedMs: 0, serverUrl })
}
