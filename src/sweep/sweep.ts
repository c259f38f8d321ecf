/**
 * One sweep: list the repository's comments in the window, keep this action's tracking comments whose
 * job's end they do not show, read each job once (oldest first, up to max-jobs) and edit each comment
 * whose job has ended into the result the agent action writes, with its back-link. Then the deploy
 * comments left building, with the reads max-jobs leaves (deploy-comments.ts).
 */
import {
  finishDeadClaim,
  finishLeftJob,
  finishLeftTriggered,
  leftComment,
  readLeftJob
} from '../job/finish-left.js'
import { isFollowingRunOver } from '../job/run-over.js'
import { NOT_FOUND_GRACE_MS } from '../job/poll.js'
import { pullRequestOf, statusOutput } from '../job/result.js'
import { listRepoComments, type RepoComment } from '../github/comments.js'
import { isEndedJob, type AgentJob, type EndedJob } from '../mintlify/types.js'
import { isNotFound } from '../mintlify/errors.js'
import { DAY_MS } from '../shared/duration.js'
import { getErrorMessage } from '../shared/errors.js'
import { plural } from '../shared/plural.js'
import type { Runtime } from '../shared/runtime.js'
import { findCandidates, findDeadClaims, type Candidate } from './candidates.js'
import { sweepDeployComments, type DeployStep } from './deploy-comments.js'
import type { SweepSettings } from './settings.js'
import type { SweepContext } from './context.js'

export type { SweepContext } from './context.js'

export interface SweepRow {
  thread: number
  /** The agent job of a tracking comment; a deploy comment has its `statusId` instead. */
  jobId?: string
  statusId?: string
  /** The job's or deployment's end (completed, success, …), or why the comment is left as it is. */
  outcome: string
  finished: boolean
  commentUrl: string
  prUrl?: string
}

export interface SweepOutcome {
  /** Jobs and deployments read. */
  checked: number
  finished: number
  pending: number
  rows: SweepRow[]
}

/** The sweep could not list the comments, or could read none of the jobs it tried. */
export class SweepError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SweepError'
  }
}

export async function sweep(
  settings: SweepSettings,
  context: SweepContext,
  rt: Runtime
): Promise<SweepOutcome> {
  const since = new Date(rt.clock.now() - settings.lookbackDays * DAY_MS)
  let comments
  try {
    comments = await listRepoComments(context.octokit, { repo: context.repo, since }, rt)
  } catch (error) {
    throw new SweepError(`Could not list the repository's comments: ${getErrorMessage(error)}`)
  }
  const candidates = findCandidates(comments, context.identity)
  rt.log.info(
    `${plural(comments.length, 'comment')} updated since ${since.toISOString()}; ` +
      `${plural(candidates.length, 'tracking comment')} not showing the job's end.`
  )
  const outcome: SweepOutcome = { checked: 0, finished: 0, pending: 0, rows: [] }
  let unreadable = 0
  for (const candidate of candidates) {
    const step = await sweepOne(candidate, {
      settings,
      context,
      rt,
      budgetLeft: outcome.checked < settings.maxJobs
    })
    if (step.read) outcome.checked++
    if (step.unreadable) unreadable++
    outcome.rows.push({
      thread: candidate.comment.issueNumber,
      jobId: candidate.jobId,
      outcome: step.text,
      finished: step.finished,
      commentUrl: candidate.comment.htmlUrl,
      prUrl: step.prUrl
    })
    if (step.finished) outcome.finished++
    else outcome.pending++
  }
  await showDeadClaims(comments, outcome, { settings, context, rt })
  const deploys = await sweepDeployComments(
    comments,
    {
      context,
      projectId: settings.service.projectId,
      maxReads: settings.maxJobs - outcome.checked
    },
    rt
  )
  unreadable += countDeploySteps(outcome, deploys)
  if (unreadable > 0 && outcome.checked === 0) {
    throw new SweepError(
      `Could not read any of the ${unreadable} agent jobs and deployments; nothing was finished.`
    )
  }
  return outcome
}

/** The deploy comments' steps counted into `outcome`; returns how many could not be read. */
function countDeploySteps(outcome: SweepOutcome, steps: readonly DeployStep[]): number {
  for (const step of steps) {
    if (step.read) outcome.checked++
    outcome.rows.push(step.row)
    if (step.row.finished) outcome.finished++
    else outcome.pending++
  }
  return steps.filter(step => step.unreadable).length
}

/** What the sweep did about one comment: its row's text, and whether it read or finished the job. */
interface Step {
  text: string
  finished: boolean
  /** The job was read (it counts against max-jobs). */
  read: boolean
  unreadable?: boolean
  prUrl?: string
}

/** What every comment of one sweep is handled with. */
interface SweepRun {
  settings: SweepSettings
  context: SweepContext
  rt: Runtime
}

async function sweepOne(
  candidate: Candidate,
  { budgetLeft, ...run }: SweepRun & { budgetLeft: boolean }
): Promise<Step> {
  const { context, rt } = run
  // A comment left as it is; `read`: its job was read (it counts against max-jobs).
  const left = (text: string, { read } = { read: false }): Step => ({ text, finished: false, read })
  if (candidate.phase === 'following' && !(await isFollowingRunOver(context, candidate, rt))) {
    return left('a run still follows it')
  }
  if (!budgetLeft) return left('left for the next sweep (max-jobs)')
  let job: AgentJob
  try {
    job = await readLeftJob(context.client, candidate.jobId, rt)
  } catch (error) {
    rt.signal.throwIfAborted()
    if (candidate.life.of.kind === 'automation' && isNotFound(error)) {
      // Within the grace a just-created job gets, its job may show yet (the comment was written
      // just before the trigger); past it, the run is queued at Mintlify, as its run would say.
      const sinceTrigger = rt.clock.now() - candidate.comment.createdAt
      if (sinceTrigger < NOT_FOUND_GRACE_MS) return left('not visible yet', { read: true })
      return finishOne(candidate, undefined, run)
    }
    rt.log.warning(`Could not read agent job ${candidate.jobId}: ${getErrorMessage(error)}`)
    return { ...left('the job could not be read'), unreadable: true }
  }
  if (!isEndedJob(job)) return left('still running', { read: true })
  return finishOne(candidate, job, run)
}

/** The comment finished with its job's end (`job`), or as a queued automation run (undefined). */
async function finishOne(
  candidate: Candidate,
  job: EndedJob | undefined,
  { settings, context, rt }: SweepRun
): Promise<Step> {
  try {
    const left = { ...leftComment(candidate.comment, candidate.life), jobId: candidate.jobId }
    const finishing = { ...context, backLink: settings.backLink }
    const result = job
      ? await finishLeftJob({ ...left, job }, finishing, rt)
      : await finishLeftTriggered(left, finishing, rt)
    return {
      text: statusOutput(result),
      finished: true,
      read: true,
      prUrl: pullRequestOf(result)?.url
    }
  } catch (error) {
    rt.signal.throwIfAborted()
    rt.log.warning(
      `Could not edit the comment of agent job ${candidate.jobId}: ${getErrorMessage(error)}`
    )
    const text = `${job?.status ?? 'triggered'}, but the comment could not be edited`
    return { text, finished: false, read: true }
  }
}

/** Each request's dead claim edited to the `unknown` text a re-run would write; no job is read. */
async function showDeadClaims(
  comments: readonly RepoComment[],
  outcome: SweepOutcome,
  run: SweepRun
): Promise<void> {
  for (const claim of findDeadClaims(comments, run.context.identity, run.rt.clock.now())) {
    const row = await showDeadClaim(claim, run)
    outcome.rows.push(row)
    if (row.finished) outcome.finished++
    else outcome.pending++
  }
}

async function showDeadClaim(
  { comment, life }: ReturnType<typeof findDeadClaims>[number],
  { settings, context, rt }: SweepRun
): Promise<SweepRow> {
  const row = { thread: comment.issueNumber, commentUrl: comment.htmlUrl }
  try {
    await finishDeadClaim(
      leftComment(comment, life),
      { ...context, backLink: settings.backLink },
      rt
    )
    return { ...row, outcome: 'unknown: its run died before naming a job', finished: true }
  } catch (error) {
    rt.signal.throwIfAborted()
    rt.log.warning(`Could not edit the dead claim ${comment.htmlUrl}: ${getErrorMessage(error)}`)
    return { ...row, outcome: 'a dead claim, but the comment could not be edited', finished: false }
  }
}
