/**
 * Finishing the tracking comment of a job no run follows any more, or of a claim its run left with
 * no job, as the agent action words it: the sweep and the next digest both use this.
 */
import { DEFAULT_TRIGGER_PHRASE } from './back-link.js'
import { endJob, type EndPlan } from './job-end.js'
import { withDigest } from './digest-marker.js'
import { labelOfLeftJob } from './label-removal.js'
import { digestOf, takesFollowUp, triggeredRunOf, type TrackingLife } from './life.js'
import { endedResult, statusOutput, type JobResult } from './result.js'
import { markerAfter, requestRefOf } from './rerun-protocol.js'
import { finishTrackingComment } from './tracking-text.js'
import type { IssueComment } from '../github/comments.js'
import type { Identity } from '../github/identity.js'
import type { Octokit } from '../github/octokit.js'
import type { RepoRef } from '../github/refs.js'
import type { MintlifyClient } from '../mintlify/client.js'
import type { AgentJob, EndedJob } from '../mintlify/types.js'
import { withRetry } from '../mintlify/with-retry.js'
import type { Runtime } from '../shared/runtime.js'

/** A tracking comment no run follows any more, and the job it names (none: a dead claim). */
export interface LeftComment {
  comment: IssueComment
  life: TrackingLife
  jobId?: string
  issueNumber: number
  /** Epoch ms the comment was written (the original run's start): the elapsed time is from it. */
  startedAt?: number
}

/** A tracking comment whose job has ended and whose text does not show it yet. */
export interface LeftJob extends LeftComment {
  jobId: string
  job: EndedJob
}

export interface FinishContext {
  octokit: Octokit
  identity: Identity
  repo: RepoRef
  serverUrl: string
  backLink: boolean
}

/** A comment of ours on its issue or PR, left by its run, as the sweep and a healing digest take it. */
export function leftComment(
  comment: IssueComment & { issueNumber: number },
  life: TrackingLife,
  jobId?: string
): LeftComment {
  return { comment, life, jobId, issueNumber: comment.issueNumber, startedAt: comment.createdAt }
}

/** One read of a left comment's job, retried as a read (the sweep's and a healing digest's). */
export function readLeftJob(client: MintlifyClient, jobId: string, rt: Runtime): Promise<AgentJob> {
  return withRetry(signal => client.getJob(jobId, { signal }), rt, { operation: 'get-job' })
}

/** Edits the comment into the job's result, as the agent action words it, and posts what follows. */
export function finishLeftJob(
  left: LeftJob,
  context: FinishContext,
  rt: Runtime
): Promise<JobResult> {
  const result = endedResult(left.job, {
    jobId: left.jobId,
    mode: 'created',
    elapsedMs: elapsedSince(left, rt),
    serverUrl: context.serverUrl
  })
  return finishLeft(left, result, context, rt)
}

/** A left triggered run whose job the job read does not show (404): `triggered`, as its run says. */
export function finishLeftTriggered(
  left: LeftComment & { jobId: string },
  context: FinishContext,
  rt: Runtime
): Promise<JobResult> {
  const elapsedMs = elapsedSince(left, rt)
  const result: JobResult = { status: 'triggered', jobId: left.jobId, mode: 'created', elapsedMs }
  return finishLeft(left, result, context, rt)
}

/** A dead claim (life.ts): the `unknown` text a re-run would write; it is never sent again. */
export function finishDeadClaim(
  claim: LeftComment,
  context: FinishContext,
  rt: Runtime
): Promise<JobResult> {
  const problem = { kind: 'unknown' as const, threadUnreadable: false }
  const elapsedMs = elapsedSince(claim, rt)
  return finishLeft(claim, { status: 'problem', problem, elapsedMs }, context, rt)
}

function elapsedSince({ startedAt }: LeftComment, rt: Runtime): number {
  return startedAt === undefined ? 0 : rt.clock.now() - startedAt
}

async function finishLeft(
  left: LeftComment,
  ended: JobResult,
  context: FinishContext,
  rt: Runtime
): Promise<JobResult> {
  const { life } = left
  const trigger = triggeredRunOf(life)
  const result: JobResult = trigger ? { ...ended, trigger } : ended
  const ref = requestRefOf(life)
  const digest = digestOf(life)
  const { octokit, repo } = context
  const plan: EndPlan = {
    github: { octokit, identity: { get: () => Promise.resolve(context.identity) } },
    repo,
    notes: digest && { fields: digest, request: ref.key },
    backLink: context.backLink && takesFollowUp(life) ? backLinkOf(left, context) : undefined,
    // A labelled request's label comes off as the run that detached would have taken it off.
    label: labelOfLeftJob({ ...left, label: ref.label }, repo)
  }
  const marker = withDigest(markerAfter(ref, result), digest, result)
  const body = finishTrackingComment(left.comment.body, result, marker)
  const final = { kind: 'left' as const, octokit, repo, commentId: left.comment.id, body }
  await endJob(plan, { result, trackingUrl: left.comment.htmlUrl, final }, rt)
  const what = left.jobId ? `agent job ${left.jobId}` : `the claim ${left.comment.htmlUrl}`
  rt.log.info(`Finished the comment of ${what}: ${statusOutput(result)}.`)
  return result
}

/** The back-link as the left comment's thread names it (no trigger-phrase input reaches here). */
function backLinkOf(left: LeftComment, { repo, serverUrl }: FinishContext): EndPlan['backLink'] {
  const number = left.issueNumber
  return {
    triggerPhrase: DEFAULT_TRIGGER_PHRASE,
    origin: {
      label: `${repo.owner}/${repo.repo}#${number}`,
      url: `${serverUrl}/${repo.owner}/${repo.repo}/issues/${number}`
    }
  }
}
