/**
 * Every dataset's rows, in order, each within the budget less one request for each dataset after it. Rows
 * that do not fit leave that dataset without a file; a 429 whose wait is too long stops the reading.
 */
import { isRateLimited } from '../../mintlify/errors.js'
import { plural } from '../../shared/plural.js'
import { datasetFacts, type Dataset } from '../dataset-list.js'
import { describeFailure, whereItStopped } from '../failure.js'
import { RequestBudgetExceeded, type RequestBudget } from '../export/budget.js'
import { ExportFailure } from '../export/context.js'
import { impactHost, leftOutLine, rowsLimit } from './plan.js'
import { keptAfter, rowsShortfallText } from './shortfall.js'
import { exportOutcome, type DatasetOutcome, type Step } from './step.js'

/**
 * Whether a dataset's file may be written again with sections read after its rows (views and
 * visitors, and the impact section's dataset): only then are its answers kept (an assistant export
 * may be a hundred pages of a thousand conversations).
 */
function mayWriteAgain(step: Step, name: Dataset): boolean {
  const { settings } = step
  return (
    datasetFacts(name).comparable ||
    (settings.impact !== undefined && impactHost(step.names) === name)
  )
}

function readBefore(step: Step, outcome: DatasetOutcome): Dataset[] {
  const index = step.outcomes.indexOf(outcome)
  return step.outcomes
    .slice(0, index)
    .filter(o => (o.rowsRequests ?? 0) > 0)
    .map(o => o.name)
}

export async function readRows(step: Step): Promise<void> {
  const { outcomes, budget } = step
  for (const [index, outcome] of outcomes.entries()) {
    if (step.stopped) continue
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
    const exported = await exportOutcome(step, outcome, {
      client: mayWriteAgain(step, outcome.name) ? step.kept.live() : step.client,
      budget: share,
      daily: { section: undefined }
    })
    outcome.ending = { kind: 'written', exported }
  } catch (error) {
    if (rt.signal.aborted) throw error
    const cause = error instanceof ExportFailure ? error.cause : error
    if (cause instanceof RequestBudgetExceeded) {
      step.budgetStartedAt = cause.startedAt
      const message = rowsShortfallText({
        name: outcome.name,
        share: share.limit - before,
        before: { names: readBefore(step, outcome), requests: before },
        after,
        budget: step.budget.limit,
        where: whereItStopped(error instanceof ExportFailure ? error : undefined)
      })
      outcome.ending = { kind: 'failed', message }
      const line = {
        dataset: outcome.name,
        what: 'rows',
        requests: share.limit - before,
        atLeast: true
      }
      step.leftOut.push(line)
      rt.log.warning(`Left out ${leftOutLine(line)}. ${message}`)
      return
    }
    const message = `${outcome.name}: ${describeFailure(error, { now: rt.clock.now() })}`
    outcome.ending = { kind: 'failed', message }
    if (isRateLimited(cause)) step.stopped = message
    else rt.log.warning(message)
  } finally {
    outcome.rowsRequests = share.used - before
    outcome.requests += outcome.rowsRequests
  }
}
