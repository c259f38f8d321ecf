/**
 * The deploy comments the sweep finishes: this action's own deploy comments of the sweep's project
 * whose marker still names a status id (a run stopped following that deployment before its end:
 * timed out, cancelled, died, or did not wait). Once that run is over, one status read; a deployment that has
 * ended is written into the report the deploy action writes, and its marker no longer names the
 * status id, so the next sweep passes it by. A newer push's run that took the comment over rewrote
 * the marker: the sweep then follows that one's status id, or nothing.
 */
import { updateComment, type RepoComment } from '../github/comments.js'
import type { Identity } from '../github/identity.js'
import { readComment } from '../job/comment-layout.js'
import { DEPLOY_TITLE, deployCommentText, PRODUCTION_KEY } from '../job/deploy-comment-text.js'
import type { DeployResult } from '../job/deploy-report.js'
import { ownMarker, type DeployMarker } from '../job/markers.js'
import { isEndedDeployment, type EndedDeployment } from '../mintlify/platform-types.js'
import { withRetry } from '../mintlify/with-retry.js'
import { getErrorMessage } from '../shared/errors.js'
import { plural } from '../shared/plural.js'
import type { Runtime } from '../shared/runtime.js'
import { deadlineMsOf, isFollowingRunOver } from '../job/run-over.js'
import type { SweepContext } from './context.js'

interface DeployCandidate {
  comment: RepoComment
  marker: DeployMarker
  statusId: string
  /** Epoch ms the run that followed it stops by, when the marker records it. */
  deadlineMs?: number
}

/** This action's own deploy comments of `projectId` that name a status id, oldest first. */
function findDeployCandidates(
  comments: readonly RepoComment[],
  { identity, projectId }: { identity: Identity; projectId: string }
): DeployCandidate[] {
  const candidates: DeployCandidate[] = []
  for (const comment of comments) {
    const marker = ownMarker(comment, identity)
    if (marker?.kind !== 'deploy' || !marker.update || marker.project !== projectId) continue
    if (readComment(comment.body, DEPLOY_TITLE) === undefined) continue
    const deadlineMs = deadlineMsOf(marker)
    candidates.push({ comment, marker, statusId: marker.update, deadlineMs })
  }
  return candidates.sort((a, b) => a.comment.createdAt - b.comment.createdAt)
}

/** Pure: the result the deploy action writes for `deployment`, had it followed it to its end. */
function sweptResult(marker: DeployMarker, deployment: EndedDeployment): DeployResult {
  const production = marker.branch === PRODUCTION_KEY
  return {
    mode: production ? 'production' : 'preview',
    branch: production ? undefined : marker.branch,
    statusId: marker.update,
    previewUrl: marker.preview,
    deployment,
    status: deployment.status,
    // A finished deployment's headline never names the wait, and the sweep's time is not the run's.
    maxWaitMs: 0
  }
}

/** The sweep's row of one deploy comment. */
interface DeployRow {
  thread: number
  statusId: string
  /** The deployment's end (success, failure), or why the comment is left as it is. */
  outcome: string
  finished: boolean
  commentUrl: string
}

/** What the sweep did about one deploy comment: its row, and whether it read the status. */
export interface DeployStep {
  row: DeployRow
  read: boolean
  unreadable?: boolean
}

/**
 * Every deploy comment of `comments` the sweep may finish, each as a step; at most `maxReads` status
 * reads (the max-jobs left after the agent jobs).
 */
export async function sweepDeployComments(
  comments: readonly RepoComment[],
  { context, projectId, maxReads }: { context: SweepContext; projectId: string; maxReads: number },
  rt: Runtime
): Promise<DeployStep[]> {
  const candidates = findDeployCandidates(comments, { identity: context.identity, projectId })
  if (candidates.length > 0) {
    rt.log.info(`${plural(candidates.length, 'deploy comment')} not showing the deployment's end.`)
  }
  const steps: DeployStep[] = []
  let reads = 0
  for (const candidate of candidates) {
    const step = await sweepOne(candidate, { context, budgetLeft: reads < maxReads }, rt)
    if (step.read) reads++
    steps.push(step)
  }
  return steps
}

async function sweepOne(
  candidate: DeployCandidate,
  { context, budgetLeft }: { context: SweepContext; budgetLeft: boolean },
  rt: Runtime
): Promise<DeployStep> {
  const { comment, statusId } = candidate
  const step = (outcome: string, facts: Partial<DeployStep> & { finished?: boolean } = {}) => ({
    row: {
      thread: comment.issueNumber,
      statusId,
      outcome,
      finished: facts.finished ?? false,
      commentUrl: comment.htmlUrl
    },
    read: facts.read ?? false,
    unreadable: facts.unreadable
  })
  if (!(await isFollowingRunOver(context, candidate, rt))) return step('a run still follows it')
  if (!budgetLeft) return step('left for the next sweep (max-jobs)')
  let deployment
  try {
    deployment = await withRetry(
      s => context.client.getDeploymentStatus(statusId, { signal: s }),
      rt,
      {
        operation: 'get-deployment-status'
      }
    )
  } catch (error) {
    rt.signal.throwIfAborted()
    rt.log.warning(`Could not read deployment ${statusId}: ${getErrorMessage(error)}`)
    return step('the deployment could not be read', { unreadable: true })
  }
  if (!isEndedDeployment(deployment))
    return step(`still building (${deployment.status})`, { read: true })
  try {
    await finishComment(candidate, deployment, context, rt)
    return step(deployment.status, { read: true, finished: true })
  } catch (error) {
    rt.signal.throwIfAborted()
    rt.log.warning(
      `Could not edit the comment of deployment ${statusId}: ${getErrorMessage(error)}`
    )
    return step(`${deployment.status}, but the comment could not be edited`, { read: true })
  }
}

/** Edits the comment into the deployment's report, its marker naming only the place. */
async function finishComment(
  { comment, marker }: DeployCandidate,
  deployment: EndedDeployment,
  context: SweepContext,
  rt: Runtime
): Promise<void> {
  const { owner, repo } = context.repo
  const runLink = marker.run
    ? `${context.serverUrl}/${owner}/${repo}/actions/runs/${marker.run}`
    : ''
  const place: DeployMarker = { kind: 'deploy', project: marker.project, branch: marker.branch }
  const text = deployCommentText(sweptResult(marker, deployment), runLink, place)
  const body = context.redact ? context.redact(text) : text
  await updateComment(context.octokit, { repo: context.repo, commentId: comment.id, body }, rt)
  rt.log.info(`Finished the comment of deployment ${marker.update}: ${deployment.status}.`)
}
