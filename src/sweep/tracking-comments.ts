/**
 * The tracking comments the sweep finishes (candidates.ts says which): an ended job into the agent
 * action's result; a dead claim, with no read, into the `unknown` text a re-run would write.
 */
import {
  finishDeadClaim,
  finishLeftJob,
  finishLeftTriggered,
  leftComment,
  readLeftJob
} from '../job/finish-left.js'
import { triggeredRunOf } from '../job/life.js'
import { NOT_FOUND_GRACE_MS } from '../job/poll.js'
import { pullRequestOf, statusOutput } from '../job/result.js'
import { isFollowingRunOver } from '../job/run-over.js'
import { isNotFound } from '../mintlify/errors.js'
import { isEndedJob, type EndedJob } from '../mintlify/types.js'
import { findCandidates, findDeadClaims, type Candidate, type Tracked } from './candidates.js'
import type { Finished, LeftoverKind, Reading, SweepRun } from './leftover.js'

/** A job's end, or undefined: a triggered run still queued at Mintlify (its job never showed). */
type JobEnd = EndedJob | undefined

async function readJob(candidate: Candidate, { context, rt }: SweepRun): Promise<Reading<JobEnd>> {
  let job
  try {
    job = await readLeftJob(context.client, candidate.jobId, rt)
  } catch (error) {
    if (!triggeredRunOf(candidate.life) || !isNotFound(error)) throw error
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
  { comment, life, jobId }: Candidate,
  job: JobEnd,
  { settings, context, rt }: SweepRun
): Promise<Finished> {
  const left = { ...leftComment(comment, life), jobId }
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

/** Its run is past its recorded deadline and the margin (findDeadClaims): nothing to read. */
export const deadClaims: LeftoverKind<Tracked, undefined> = {
  comments: 'claim',
  awaits: 'job',
  find: (comments, { context, rt }) => findDeadClaims(comments, context.identity, rt.clock.now()),
  cell: () => 'no job',
  name: ({ comment }) => `the dead claim ${comment.htmlUrl}`,
  runOver: () => Promise.resolve(true),
  read: { kind: 'none', reading: () => ({ kind: 'ended', end: undefined, status: 'unknown' }) },
  finish: async ({ comment, life }, _end, { settings, context, rt }) => {
    await finishDeadClaim(
      leftComment(comment, life),
      { ...context, backLink: settings.backLink },
      rt
    )
    return { outcome: 'unknown: its run died before naming a job' }
  }
}
