/**
 * One sweep: list the repository's comments in the window, then each comment a finished run left
 * behind read once (up to max-jobs reads) and edited into its end as its action would have.
 */
import { listRepoComments, type RepoComment } from '../github/comments.js'
import { DAY_MS } from '../shared/duration.js'
import { getErrorMessage } from '../shared/errors.js'
import { plural } from '../shared/plural.js'
import type { Runtime } from '../shared/runtime.js'
import { deployComments } from './deploy-comments.js'
import type { Leftover, LeftoverKind, Reading, SweepContext, SweepRun } from './leftover.js'
import type { SweepSettings } from './settings.js'
import { deadClaims, trackingComments } from './tracking-comments.js'

interface SweepRow {
  thread: number
  /** The Job cell: the agent job, or the deployment a deploy comment waits for. */
  subject: string
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

export async function sweep(
  settings: SweepSettings,
  context: SweepContext,
  rt: Runtime
): Promise<SweepOutcome> {
  const run = { settings, context, rt }
  const comments = await listComments(run)
  const tally: Tally = { checked: 0, finished: 0, pending: 0, rows: [], unreadable: 0 }
  await sweepKind(trackingComments, comments, run, tally)
  await sweepKind(deadClaims, comments, run, tally)
  await sweepKind(deployComments, comments, run, tally)
  const { unreadable, ...outcome } = tally
  if (unreadable > 0 && outcome.checked === 0) {
    throw new Error(
      `Could not read any of the ${unreadable} agent jobs and deployments; nothing was finished.`
    )
  }
  return outcome
}

async function listComments({ settings, context, rt }: SweepRun): Promise<RepoComment[]> {
  const since = new Date(rt.clock.now() - settings.lookbackDays * DAY_MS)
  try {
    const comments = await listRepoComments(context.octokit, { repo: context.repo, since }, rt)
    rt.log.info(`${plural(comments.length, 'comment')} updated since ${since.toISOString()}.`)
    return comments
  } catch (error) {
    throw new Error(`Could not list the repository's comments: ${getErrorMessage(error)}`, {
      cause: error
    })
  }
}

/** The outcome so far, and how many comments' jobs or deployments could not be read. */
type Tally = SweepOutcome & { unreadable: number }

/** What the sweep did about one comment: its row's words, and whether it spent a read (max-jobs). */
type Step = Pick<SweepRow, 'outcome' | 'finished' | 'prUrl'> & { read: boolean; unreadable?: true }

/** The one loop: each comment of `kind` swept in turn, into one row each, within max-jobs reads. */
async function sweepKind<Item extends Leftover, End>(
  kind: LeftoverKind<Item, End>,
  comments: readonly RepoComment[],
  run: SweepRun,
  tally: Tally
): Promise<void> {
  const items = kind.find(comments, run)
  run.rt.log.info(`${plural(items.length, kind.comments)} not showing the ${kind.awaits}'s end.`)
  for (const item of items) {
    const budgetLeft = tally.checked < run.settings.maxJobs
    const step = await sweepOne(kind, item, run, budgetLeft)
    if (step.read) tally.checked++
    if (step.unreadable) tally.unreadable++
    if (step.finished) tally.finished++
    else tally.pending++
    const { outcome, finished, prUrl } = step
    const { issueNumber: thread, htmlUrl: commentUrl } = item.comment
    tally.rows.push({ thread, subject: kind.cell(item), outcome, finished, commentUrl, prUrl })
  }
}

async function sweepOne<Item extends Leftover, End>(
  kind: LeftoverKind<Item, End>,
  item: Item,
  run: SweepRun,
  budgetLeft: boolean
): Promise<Step> {
  const { rt } = run
  const read = kind.read.kind === 'request'
  const left = (outcome: string, facts: Partial<Step> = {}): Step => ({
    outcome,
    finished: false,
    read: false,
    ...facts
  })
  if (!(await kind.runOver(item, run))) return left('a run still follows it')
  if (read && !budgetLeft) return left('left for the next sweep (max-jobs)')
  let reading: Reading<End>
  try {
    reading = kind.read.kind === 'none' ? kind.read.reading(item) : await kind.read.read(item, run)
  } catch (error) {
    rt.signal.throwIfAborted()
    rt.log.warning(`Could not read ${kind.name(item)}: ${getErrorMessage(error)}`)
    return left(`the ${kind.awaits} could not be read`, { unreadable: true })
  }
  if (reading.kind === 'left') return left(reading.outcome, { read })
  try {
    return { ...(await kind.finish(item, reading.end, run)), finished: true, read }
  } catch (error) {
    rt.signal.throwIfAborted()
    rt.log.warning(`Could not edit the comment of ${kind.name(item)}: ${getErrorMessage(error)}`)
    return left(`${reading.status}, but the comment could not be edited`, { read })
  }
}
