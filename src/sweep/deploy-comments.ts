/**
 * The deploy comments the sweep finishes: ours whose marker still names a status id (a run stopped
 * following it before its end). An ended deployment is written into the deploy action's report, and
 * its marker no longer names the status id, so the next sweep passes it by.
 */
import { updateComment, type RepoComment } from '../github/comments.js'
import { readComment } from '../job/comment-layout.js'
import { DEPLOY_TITLE, deployCommentText, PRODUCTION_KEY } from '../job/deploy-comment-text.js'
import type { DeployResult } from '../job/deploy-report.js'
import { ownMarker, type DeployMarker } from '../job/markers.js'
import { deadlineMsOf, isFollowingRunOver } from '../job/run-over.js'
import { isEndedDeployment, type EndedDeployment } from '../mintlify/platform-types.js'
import { withRetry } from '../mintlify/with-retry.js'
import type { Finished, LeftoverKind, Reading, SweepRun } from './leftover.js'

interface DeployCandidate {
  comment: RepoComment
  marker: DeployMarker
  statusId: string
  /** Epoch ms the run that followed it stops by, when the marker records it. */
  deadlineMs?: number
}

/** This action's own deploy comments of the sweep's project that name a status id, oldest first. */
function findDeployCandidates(
  comments: readonly RepoComment[],
  { settings, context }: SweepRun
): DeployCandidate[] {
  const candidates: DeployCandidate[] = []
  for (const comment of comments) {
    const marker = ownMarker(comment, context.identity)
    if (marker?.kind !== 'deploy' || !marker.update) continue
    if (marker.project !== settings.service.projectId) continue
    if (readComment(comment.body, DEPLOY_TITLE) === undefined) continue
    const deadlineMs = deadlineMsOf(marker)
    candidates.push({ comment, marker, statusId: marker.update, deadlineMs })
  }
  return candidates.sort((a, b) => a.comment.createdAt - b.comment.createdAt)
}

async function readDeployment(
  { statusId }: DeployCandidate,
  { context, rt }: SweepRun
): Promise<Reading<EndedDeployment>> {
  const read = (signal?: AbortSignal) => context.client.getDeploymentStatus(statusId, { signal })
  const deployment = await withRetry(read, rt, { operation: 'get-deployment-status' })
  if (!isEndedDeployment(deployment)) {
    return { kind: 'left', outcome: `still building (${deployment.status})` }
  }
  return { kind: 'ended', end: deployment, status: deployment.status }
}

/** The result the deploy action writes for `deployment`, had it followed it to its end. */
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

/** Edits the comment into the deployment's report, its marker naming only the place. */
async function finishComment(
  { comment, marker }: DeployCandidate,
  deployment: EndedDeployment,
  { context, rt }: SweepRun
): Promise<Finished> {
  const { owner, repo } = context.repo
  const runLink = marker.run
    ? `${context.serverUrl}/${owner}/${repo}/actions/runs/${marker.run}`
    : ''
  const place: DeployMarker = { kind: 'deploy', project: marker.project, branch: marker.branch }
  const text = deployCommentText(sweptResult(marker, deployment), runLink, place)
  const body = context.redact ? context.redact(text) : text
  await updateComment(context.octokit, { repo: context.repo, commentId: comment.id, body }, rt)
  rt.log.info(`Finished the comment of deployment ${marker.update}: ${deployment.status}.`)
  return { outcome: deployment.status }
}

export const deployComments: LeftoverKind<DeployCandidate, EndedDeployment> = {
  comments: 'deploy comment',
  awaits: 'deployment',
  find: findDeployCandidates,
  cell: candidate => `deployment \`${candidate.statusId}\``,
  name: candidate => `deployment ${candidate.statusId}`,
  runOver: (candidate, { context, rt }) => isFollowingRunOver(context, candidate, rt),
  read: { kind: 'request', read: readDeployment },
  finish: finishComment
}
