/**
 * The tracking comments the sweep finishes (candidates.ts says which): once no run follows the job,
 * one job read; a job that has ended is edited into the result the agent action writes, with its
 * back-link.
 */
import { finishLeftJob, finishLeftTriggered } from '../job/finish-left.js'
import { NOT_FOUND_GRACE_MS } from '../job/poll.js'
import { pullRequestOf, statusOutput } from '../job/result.js'
import { isFollowingRunOver } from '../job/run-over.js'
import { isNotFound } from '../mintlify/errors.js'
import { isEndedJob, type EndedJob } from '../mintlify/types.js'
import { withRetry } from '../mintlify/with-retry.js'
import { findCandidates, type Candidate } from './candidates.js'
import type { Finished, LeftoverKind, Reading, SweepRun } from './leftover.js'

/** A job's end, or undefined: an automation run still queued at Mintlify (its job never showed). */
type JobEnd = EndedJob | undefined

async function readJob(candidate: Candidate, { context, rt }: SweepRun): Promise<Reading<JobEnd>> {
  let job
  try {
    job = await withRetry(s => context.client.getJob(candidate.jobId, { signal: s }), rt, {
      operation: 'get-job'
    })
  } catch (error) {
    if (!candidate.marker.automation || !isNotFound(error)) throw error
    // Within the grace a just-created job gets, its job may show yet (the comment was written
    // just before the trigger); past it, the run is queued at Mintlify, as its run would say.
    const sinceTrigger = rt.clock.now() - candidate.comment.createdAt
    if (sinceTrigger < NOT_FOUND_GRACE_MS) return { kind: 'left', outcome: 'not visible yet' }
    return { kind: 'ended', end: undefined, status: 'triggered' }
  }
  if (!isEndedJob(job)) return { kind: 'left', outcome: 'still running' }
  return { kind: 'ended', end: job, status: job.status }
}

async function finishComment(
  { comment, marker, jobId }: Candidate,
  job: JobEnd,
  { settings, context, rt }: SweepRun
): Promise<Finished> {
  // The original run wrote the comment as it started.
  const left = {
    comment,
    marker,
    jobId,
    issueNumber: comment.issueNumber,
    startedAt: comment.createdAt
  }
  const finishing = { ...context, backLink: settings.backLink }
  const result = job
    ? await finishLeftJob({ ...left, job }, finishing, rt)
    : await finishLeftTriggered(left, finishing, rt)
  return { outcome: statusOutput(result), prUrl: pullRequestOf(result)?.url }
}

export const trackingComments: LeftoverKind<Candidate, JobEnd> = {
  comments: 'tracking comment',
  awaits: 'job',
  find: (comments, { context }) => findCandidates(comments, context.identity),
  cell: candidate => `\`${candidate.jobId}\``,
  name: candidate => `agent job ${candidate.jobId}`,
  // A left comment's run stopped following its job; a following one's may still be writing.
  runOver: async (candidate, { context, rt }) =>
    candidate.phase === 'left' || (await isFollowingRunOver(context, candidate, rt)),
  read: { kind: 'request', read: readJob },
  finish: finishComment
}
