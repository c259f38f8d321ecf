/**
 * The reads of a step. One dataset reads its sections with its rows, in one export. Several read every
 * dataset's rows first, then the sections as the budget allows (plan.ts), and write each file again from
 * the kept answers: no request twice, and the file one dataset's step would give.
 */
import { plural } from '../../shared/plural.js'
import type { RunnerContext } from '../../shared/runner-context.js'
import type { Runtime } from '../../shared/runtime.js'
import { datasetFacts } from '../dataset-list.js'
import { RequestBudget } from '../export/budget.js'
import { displayPath } from '../export/output-path.js'
import type { ImpactRun } from '../impact/run.js'
import { readRows } from './rows.js'
import { readSections } from './sections.js'
import { exportOutcome, type DatasetOutcome, type Step } from './step.js'

/** The reading stopped (cancelled, or an error of no one dataset): the files written before stay. */
export class StepStopped extends Error {
  constructor(
    readonly cause: unknown,
    readonly written: string[]
  ) {
    super('The step of several datasets stopped')
    this.name = 'StepStopped'
  }
}

/** The step failed after its report was written: the message alone is the error. */
export class StepFailed extends Error {
  override name = 'StepFailed'
}

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

async function readWhole(
  step: Step,
  impact: ImpactRun | undefined,
  workspace: string
): Promise<void> {
  const { rt } = step
  const [outcome] = step.outcomes
  const exported = await exportOutcome(step, outcome, { impact: impact?.tap })
  outcome.ending = { kind: 'written', exported }
  outcome.requests = exported.requests + (impact?.requests ?? 0)
  rt.log.info(
    `Wrote ${plural(exported.rows, 'row')} to ${displayPath(workspace, outcome.path)} in ${plural(outcome.requests, 'request')}.`
  )
  for (const file of exported.files)
    rt.log.info(`Wrote the points per day to ${displayPath(workspace, file)}.`)
}

/** Its log lines were said while reading: the second write is quiet. */
function quiet(rt: Runtime): Runtime {
  const none = (): void => undefined
  return { ...rt, log: { ...rt.log, debug: none, info: none, warning: none, notice: none } }
}

async function writeAgain(
  step: Step,
  outcome: DatasetOutcome,
  impact: ImpactRun | undefined
): Promise<void> {
  const sections = outcome.previous || outcome.impact || outcome.daily
  if (outcome.ending.kind !== 'written' || !sections) return
  const exported = await exportOutcome(step, outcome, {
    rt: quiet(step.rt),
    client: step.kept.replay(),
    // The requests were counted while reading; answering from the kept ones costs none.
    budget: new RequestBudget(Number.MAX_SAFE_INTEGER, () => step.rt.clock.now()),
    daily: { section: outcome.daily },
    impact: outcome.impact ? impact?.tap : undefined
  })
  outcome.ending = { kind: 'written', exported }
}
