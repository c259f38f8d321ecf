/**
 * One step of several datasets: what it knows as it goes (the budget, the kept answers, each
 * dataset's outcome, the sections left out), and its first part: every dataset's rows, in the given
 * order, each within the budget less one request for each dataset after it. A dataset whose rows do
 * not fit ends as one dataset's limit does (no file), and the others are still read; a 429 whose
 * wait is too long stops the reading (the datasets read are still written and reported).
 */
import type { MintlifyClient } from '../../mintlify/client.js'
import { isRateLimited } from '../../mintlify/errors.js'
import { plural } from '../../shared/plural.js'
import type { Runtime } from '../../shared/runtime.js'
import { datasetFacts, type Dataset } from '../dataset-list.js'
import type { ExportedDataset } from '../datasets/descriptor.js'
import { datasetOf } from '../datasets/registry.js'
import { describeFailure, whereItStopped } from '../failure.js'
import { RequestBudgetExceeded, type RequestBudget } from '../export/budget.js'
import type { ExportSettings } from '../export/context.js'
import { exportDataset, ExportFailure } from '../export/export-dataset.js'
import type { DailySection } from '../report/daily-section.js'
import type { AnalyticsSettings } from '../settings.js'
import { KeptAnswers } from './kept-answers.js'
import { impactHost, leftOutLine, rowsLimit, type LeftOut } from './plan.js'
import { keptAfter, rowsShortfallText } from './shortfall.js'

/** What became of one dataset. */
export interface DatasetOutcome {
  name: Dataset
  /** Its file (absolute). */
  path: string
  /** Written: its rows, outputs and sections. */
  exported?: ExportedDataset
  /** Requests it made: its rows, then its sections. */
  requests: number
  /** Requests its rows took (the sections' estimates start from them). */
  rowsRequests?: number
  /** Why it has no file (its rows did not fit, or a read failed). */
  failure?: string
  /** Never read: the step stopped before it. */
  notRead?: boolean
  /** Sections read after the rows: its file is written again with them. */
  previous?: boolean
  impact?: boolean
  daily?: DailySection
}

export interface Step {
  settings: AnalyticsSettings & { several: Dataset[] }
  rt: Runtime
  budget: RequestBudget
  kept: KeptAnswers
  outcomes: DatasetOutcome[]
  leftOut: LeftOut[]
  /** Set when a 429 with a long wait stopped the reading: the message. */
  stopped?: string
  /** Set when a dataset's rows did not fit: when the step's first request was made (epoch ms). */
  budgetStartedAt?: number
}

export function newStep(
  settings: Step['settings'],
  { rt, client, budget }: { rt: Runtime; client: MintlifyClient; budget: RequestBudget },
  pathOf: (name: Dataset) => string
): Step {
  const outcomes = settings.several.map(name => ({ name, path: pathOf(name), requests: 0 }))
  return { settings, rt, budget, kept: new KeptAnswers(client), outcomes, leftOut: [] }
}

/** A dataset's own settings: its largest page size, and its sections as the plan read them. */
export function datasetSettings(step: Step, outcome: DatasetOutcome): ExportSettings {
  const { settings } = step
  return {
    ...settings,
    pageSize: datasetFacts(outcome.name).maxPageSize,
    previous: outcome.previous ? settings.previous : undefined
  }
}

/**
 * Whether a dataset's file may be written again with sections read after its rows (views and
 * visitors, and the impact section's dataset): only then are its answers kept (an assistant export
 * may be a hundred pages of a thousand conversations).
 */
function mayWriteAgain(step: Step, name: Dataset): boolean {
  const { settings } = step
  return (
    datasetFacts(name).comparable ||
    (settings.impact !== undefined && impactHost(settings.several) === name)
  )
}

/** The datasets before `outcome` whose rows made requests (the ones that took its budget). */
function readBefore(step: Step, outcome: DatasetOutcome): Dataset[] {
  const index = step.outcomes.indexOf(outcome)
  return step.outcomes
    .slice(0, index)
    .filter(o => (o.rowsRequests ?? 0) > 0)
    .map(o => o.name)
}

/** Every dataset's rows, in order, until the end or a 429 that stops the step. */
export async function readRows(step: Step): Promise<void> {
  const { outcomes, budget } = step
  for (const [index, outcome] of outcomes.entries()) {
    if (step.stopped) {
      outcome.notRead = true
      continue
    }
    // A budget below one request a dataset leaves the first ones none (never a negative share).
    const limit = Math.max(budget.used, rowsLimit(budget.limit, index, outcomes.length))
    await readDatasetRows(step, outcome, budget.slice(limit))
  }
}

async function readDatasetRows(
  step: Step,
  outcome: DatasetOutcome,
  share: RequestBudget
): Promise<void> {
  const { rt } = step
  const before = share.used
  const after = step.outcomes.length - step.outcomes.indexOf(outcome) - 1
  rt.log.info(
    `${outcome.name}: reading the rows, within ${plural(share.limit - before, 'request')}` +
      (after > 0 ? ` (${keptAfter(after)}).` : '.')
  )
  try {
    outcome.exported = await exportDataset(
      {
        settings: datasetSettings(step, outcome),
        dataset: datasetOf(outcome.name),
        path: outcome.path
      },
      rt,
      {
        client: mayWriteAgain(step, outcome.name) ? step.kept.live() : step.kept.direct,
        budget: share,
        daily: { section: undefined }
      }
    )
  } catch (error) {
    if (rt.signal.aborted) throw error
    const cause = error instanceof ExportFailure ? error.cause : error
    if (cause instanceof RequestBudgetExceeded) {
      step.budgetStartedAt = cause.startedAt
      outcome.failure = rowsShortfallText({
        name: outcome.name,
        share: share.limit - before,
        before: { names: readBefore(step, outcome), requests: before },
        after,
        budget: step.budget.limit,
        where: whereItStopped(error instanceof ExportFailure ? error : undefined)
      })
      const line = {
        dataset: outcome.name,
        what: 'rows',
        requests: share.limit - before,
        atLeast: true
      }
      step.leftOut.push(line)
      rt.log.warning(`Left out ${leftOutLine(line)}. ${outcome.failure}`)
      return
    }
    const message = `${outcome.name}: ${describeFailure(error, { now: rt.clock.now() })}`
    outcome.failure = message
    if (isRateLimited(cause)) step.stopped = message
    else rt.log.warning(message)
  } finally {
    outcome.rowsRequests = share.used - before
    outcome.requests += outcome.rowsRequests
  }
}
