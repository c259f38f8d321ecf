/**
 * Finishing the tracking comment of a job that no run follows any more (detached, timed out,
 * cancelled, not waited for, or its run died): the comment edited into the result the agent action
 * writes, its back-link, and a digest's notes on its code PRs. The sweep and the next digest both
 * finish a left job with this, so the two never word or do it differently.
 */
import { DEFAULT_TRIGGER_PHRASE, postBackLink } from './back-link.js'
import { endedResult, pullRequestOf, statusOutput, type JobResult } from './result.js'
import { finishTrackingComment } from './tracking-text.js'
import { markerAfter } from './rerun-protocol.js'
import { digestFieldsOf, withDigest } from './digest-marker.js'
import { notifyDigest } from './digest-notes.js'
import { labelOfLeftJob, removeTriggerLabel } from './label-removal.js'
import type { TrackingMarker } from './markers.js'
import { updateComment, type IssueComment } from '../github/comments.js'
import type { Identity } from '../github/identity.js'
import type { Octokit } from '../github/octokit.js'
import type { RepoRef } from '../github/refs.js'
import type { EndedJob } from '../mintlify/types.js'
import type { Runtime } from '../shared/runtime.js'

/** A tracking comment whose job has ended and whose text does not show it yet. */
export interface LeftJob extends LeftComment {
  job: EndedJob
}

/** A tracking comment no run follows any more, and the job it names. */
export interface LeftComment {
  comment: IssueComment
  marker: TrackingMarker
  jobId: string
  /** The issue or PR the comment is on. */
  issueNumber: number
  /** Epoch ms the comment was written (the original run's start): the elapsed time is from it. */
  startedAt: number
}

/** Where the comment lives and who writes. */
export interface FinishContext {
  octokit: Octokit
  identity: Identity
  repo: RepoRef
  serverUrl: string
  /** Whether a job that ended with a PR gets the back-link on it. */
  backLink: boolean
}

/** Edits the comment into the job's result, as the agent action words it, and posts what follows. */
export async function finishLeftJob(
  left: LeftJob,
  context: FinishContext,
  rt: Runtime
): Promise<JobResult> {
  const result = endedResult(left.job, {
    jobId: left.jobId,
    mode: 'created',
    elapsedMs: rt.clock.now() - left.startedAt,
    serverUrl: context.serverUrl
  })
  return finishLeft(left, result, context, rt)
}

/**
 * A left automation run whose job the job read does not show (404): finished with the `triggered`
 * text the run that triggered it would have written.
 */
export function finishLeftTriggered(
  left: LeftComment,
  context: FinishContext,
  rt: Runtime
): Promise<JobResult> {
  const elapsedMs = rt.clock.now() - left.startedAt
  const result: JobResult = { status: 'triggered', jobId: left.jobId, mode: 'created', elapsedMs }
  return finishLeft(left, result, context, rt)
}

async function finishLeft(
  left: LeftComment,
  ended: JobResult,
  context: FinishContext,
  rt: Runtime
): Promise<JobResult> {
  const { marker } = left
  const { automation: id, instance } = marker
  // An automation's result is worded as the run worded it; no back-link invites a follow-up to it.
  const result: JobResult = id ? { ...ended, automation: { id, instanceId: instance } } : ended
  const request = { key: marker.request ?? '', run: marker.run, label: marker.label }
  const ref = { ...request, automation: id, instance }
  const digest = digestFieldsOf(left.marker)
  // What the end sets off comes first: a run that dies on the way leaves the comment open, so the
  // next sweep does it again (each of these is done once however often it is asked).
  if (digest) {
    // A digest no run followed to its end: its notes on the code PRs are posted here.
    const trackingUrl = left.comment.htmlUrl
    const end = { repo: context.repo, fields: digest, result, request: request.key, trackingUrl }
    await notifyDigest(context, end, rt)
  }
  const pr = pullRequestOf(result)
  if (context.backLink && pr && !id) await postLeftBackLink(left, { ...context, pr }, rt)
  // A labelled request's label comes off as the run that detached would have taken it off.
  const label = labelOfLeftJob(left, context.repo)
  if (label) await removeTriggerLabel(context.octokit, { label, result }, rt)
  const final = withDigest(markerAfter(ref, result), digest, result)
  const body = finishTrackingComment(left.comment.body, result, final)
  await updateComment(context.octokit, { repo: context.repo, commentId: left.comment.id, body }, rt)
  rt.log.info(`Finished the comment of agent job ${left.jobId}: ${statusOutput(result)}.`)
  return result
}

async function postLeftBackLink(
  left: LeftComment,
  context: FinishContext & { pr: NonNullable<ReturnType<typeof pullRequestOf>> },
  rt: Runtime
): Promise<void> {
  const { owner, repo } = context.repo
  const number = left.issueNumber
  await postBackLink(
    context,
    {
      pr: context.pr,
      jobId: left.jobId,
      // No trigger-phrase input reaches here: the back-link names the agent action's default.
      triggerPhrase: DEFAULT_TRIGGER_PHRASE,
      origin: {
        label: `${owner}/${repo}#${number}`,
        url: `${context.serverUrl}/${owner}/${repo}/issues/${number}`
      }
    },
    rt
  )
}
