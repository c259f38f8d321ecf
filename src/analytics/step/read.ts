/**
 * The reads of a step, as its plan has them. One dataset reads its sections with its rows, in one
 * export (a previous period that does not fit is the budget's error, the points per day are left out
 * with the chart's line). Several read every dataset's rows first, then the optional sections as the
 * budget allows (plan.ts), and write each file again with its sections.
 */
import { plural } from '../../shared/plural.js'
import type { RunnerContext } from '../../shared/runner-context.js'
import { datasetFacts } from '../dataset-list.js'
import { datasetOf } from '../datasets/registry.js'
import { displayPath } from '../export/output-path.js'
import { exportDataset } from '../export/export-dataset.js'
import type { ImpactRun } from '../impact/run.js'
import { writeAgain } from './rewrite.js'
import { readRows } from './rows.js'
import { readSections } from './sections.js'
import { type Step } from './step.js'

/** The reading stopped (cancelled, or an error of no one dataset): the files written before stay. */
export class StepStopped extends Error {
  constructor(
    readonly cause: unknown,
    /** The files written before it stopped, as shown to the reader. */
    readonly written: string[]
  ) {
    super('The step of several datasets stopped')
    this.name = 'StepStopped'
  }
}

/** The step failed after its report was written: the message alone is the error. */
export class StepFailed extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'StepFailed'
  }
}

/** The log's first line: what is read, of which range, within what, and where it goes. */
export function readingLine({ settings, names, budget }: Step, shown: string): string {
  const range =
    `from ${settings.dateFrom ?? 'an open start'} to ` +
    (settings.dateTo ? `${settings.dateTo}, exclusive` : 'an open end')
  if (names.length > 1) {
    return (
      `Reading ${names.join(', ')} of project ${settings.service.projectId} (${range}) ` +
      `within ${plural(budget.limit, 'request')}, to ${shown || '.'}.`
    )
  }
  const compared = settings.previous
    ? `, compared with ${settings.previous.dateFrom} to ${settings.previous.dateTo}`
    : ''
  return (
    `Exporting ${datasetFacts(names[0]).label} of project ${settings.service.projectId} ` +
    `(${range}${compared}; ${plural(settings.pageSize, 'row')} per request) to ${shown}.`
  )
}

export async function readStep(
  step: Step,
  impact: ImpactRun | undefined,
  { workspace }: Pick<RunnerContext, 'workspace'>
): Promise<void> {
  const { rt, budget } = step
  if (step.names.length === 1) return readWhole(step, impact, workspace)
  try {
    await readRows(step)
    await readSections(step, impact)
  } catch (error) {
    const written = step.outcomes.filter(o => o.ending.kind === 'written')
    throw new StepStopped(
      error,
      written.map(o => displayPath(workspace, o.path))
    )
  }
  for (const outcome of step.outcomes) await writeAgain(step, outcome, impact)
  rt.log.info(`Made ${budget.used} of ${plural(budget.limit, 'request')}.`)
}

/** One dataset: its rows and sections in one export; a failure is the step's error. */
async function readWhole(
  step: Step,
  impact: ImpactRun | undefined,
  workspace: string
): Promise<void> {
  const { rt } = step
  const [outcome] = step.outcomes
  const exported = await exportDataset(
    { settings: step.settings, dataset: datasetOf(outcome.name), path: outcome.path },
    rt,
    { client: step.client, budget: step.budget, impact: impact?.tap }
  )
  outcome.ending = { kind: 'written', exported }
  outcome.requests = exported.requests + (impact?.requests ?? 0)
  rt.log.info(
    `Wrote ${plural(exported.rows, 'row')} to ${displayPath(workspace, outcome.path)} in ${plural(outcome.requests, 'request')}.`
  )
  for (const file of exported.files)
    rt.log.info(`Wrote the points per day to ${displayPath(workspace, file)}.`)
}
