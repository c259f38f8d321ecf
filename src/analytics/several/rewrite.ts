/**
 * A dataset's file written again once its sections are read (the previous period joined into its
 * rows, the impact reads, the points per day): the same export as one dataset's, from the answers
 * kept while reading, so no request is made twice and the file, outputs and sections are exactly
 * what one dataset's step would give. Its log lines were said while reading: it writes quietly.
 */
import type { Runtime } from '../../shared/runtime.js'
import { datasetOf } from '../datasets/registry.js'
import { RequestBudget } from '../export/budget.js'
import { exportDataset } from '../export/export-dataset.js'
import type { ImpactRun } from '../impact/run.js'
import { datasetSettings, type DatasetOutcome, type Step } from './step.js'

function quiet(rt: Runtime): Runtime {
  const none = (): void => undefined
  return { ...rt, log: { ...rt.log, debug: none, info: none, warning: none, notice: none } }
}

/** Whether the file has sections the rows' write did not. */
function hasSections(outcome: DatasetOutcome): boolean {
  return Boolean(outcome.exported && (outcome.previous || outcome.impact || outcome.daily))
}

export async function writeAgain(
  step: Step,
  outcome: DatasetOutcome,
  impact: ImpactRun | undefined
): Promise<void> {
  if (!hasSections(outcome)) return
  const { rt } = step
  outcome.exported = await exportDataset(
    {
      settings: datasetSettings(step, outcome),
      dataset: datasetOf(outcome.name),
      path: outcome.path
    },
    quiet(rt),
    {
      client: step.kept.replay(),
      // The requests were counted while reading; answering from the kept ones costs none.
      budget: new RequestBudget(Number.MAX_SAFE_INTEGER, () => rt.clock.now()),
      daily: { section: outcome.daily },
      impact: outcome.impact ? impact?.tap : undefined
    }
  )
}
