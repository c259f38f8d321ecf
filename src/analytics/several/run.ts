/**
 * One step, several datasets, one budget: every dataset's rows in the given order, then the optional
 * sections as the plan allows (plan.ts), each file written again with its sections, then one report
 * (step summary and comment) and the outputs. A dataset whose rows did not fit, or a 429 that stopped
 * the reading, fails the step after the others are written and reported.
 */
import { join } from 'node:path'
import { createMintlifyClient } from '../../mintlify/client.js'
import { plural } from '../../shared/plural.js'
import { readRunnerContext, runUrl, type RunnerContext } from '../../shared/runner-context.js'
import type { ActionRun } from '../../shared/run-action.js'
import { datasetFacts, type Dataset } from '../dataset-list.js'
import { REQUEST_LIMIT, RequestBudget } from '../export/budget.js'
import { checkOutputLocation, displayPath, resolveOutputPath } from '../export/output-path.js'
import { ImpactRun } from '../impact/run.js'
import { COMMENT_MAX_CHARS } from '../report/render.js'
import type { AnalyticsSettings } from '../settings.js'
import { postOrEdit } from './comment.js'
import { impactHost, leftOutLine } from './plan.js'
import { setSeveralOutputs } from './outputs.js'
import { renderSeveral, type SeveralReport } from './report.js'
import { writeAgain } from './rewrite.js'
import { readSections } from './sections.js'
import { shortfallAdvice } from './shortfall.js'
import { newStep, readRows, type DatasetOutcome, type Step } from './step.js'

/** The reading stopped (cancelled, or an error of no one dataset): the files written before stay. */
export class SeveralStopped extends Error {
  constructor(
    readonly cause: unknown,
    /** The files written before it stopped, as shown to the reader. */
    readonly written: string[]
  ) {
    super('The step of several datasets stopped')
    this.name = 'SeveralStopped'
  }
}

/** The step failed after its report was written: the message alone is the error. */
export class SeveralFailed extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SeveralFailed'
  }
}

export interface SeveralOptions {
  requestTimeoutMs?: number
  /** Requests the step may make, over `request-budget` (the benchmark lifts it). */
  maxRequests?: number
}

export async function runSeveral(
  action: ActionRun,
  settings: AnalyticsSettings & { several: Dataset[] },
  options: SeveralOptions
): Promise<void> {
  const { rt } = action
  const context = readRunnerContext()
  const folder = resolveOutputPath(context.workspace, settings.outputFile)
  const pathOf = (name: Dataset): string =>
    join(folder, `${datasetFacts(name).fileStem}.${settings.format}`)
  for (const name of settings.several) checkOutputLocation(pathOf(name), settings.outputFile)
  const limit = options.maxRequests ?? settings.requestBudget ?? REQUEST_LIMIT
  const budget = RequestBudget.waitingOutOneRateLimit(limit, () => rt.clock.now())
  const client = createMintlifyClient(settings.service, options)
  const step = newStep(settings, { rt, client, budget }, pathOf)
  rt.log.info(
    `Reading ${settings.several.join(', ')} of project ${settings.service.projectId} ` +
      `(from ${settings.dateFrom ?? 'an open start'} to ${settings.dateTo ? `${settings.dateTo}, exclusive` : 'an open end'}) ` +
      `within ${plural(limit, 'request')}, to ${displayPath(context.workspace, folder) || '.'}.`
  )
  const impact = settings.impact
    ? await ImpactRun.start(
        { ...settings, impact: settings.impact, dataset: impactHost(settings.several) },
        context,
        rt
      )
    : undefined
  try {
    await readRows(step)
    await readSections(step, impact)
  } catch (error) {
    const written = step.outcomes.filter(o => o.exported)
    throw new SeveralStopped(
      error,
      written.map(o => displayPath(context.workspace, o.path))
    )
  }
  for (const outcome of step.outcomes) await writeAgain(step, outcome, impact)
  rt.log.info(`Made ${budget.used} of ${plural(limit, 'request')}.`)
  setSeveralOutputs(step, impact)
  const advice = adviceOf(step)
  await report(action, step, { impact, context, advice })
  const failure = failureOf(step, advice)
  if (failure) throw new SeveralFailed(failure)
}

/** What to do when a dataset's rows did not fit: said once, in the report and in the error. */
function adviceOf(step: Step): string | undefined {
  const { budgetStartedAt } = step
  if (budgetStartedAt === undefined) return undefined
  const took = (o: DatasetOutcome): number => o.rowsRequests ?? 0
  const hungriest = step.outcomes.reduce((most, o) => (took(o) > took(most) ? o : most))
  return shortfallAdvice({
    budget: step.budget.limit,
    datasets: step.outcomes.length,
    hungriest: { name: hungriest.name, requests: took(hungriest) },
    startedAt: budgetStartedAt,
    now: step.rt.clock.now()
  })
}

function reportOf(step: Step, { impact, context, advice }: ReportExtras): SeveralReport {
  const { settings } = step
  const host = step.outcomes.find(o => o.impact)
  return {
    projectId: settings.service.projectId,
    dateFrom: settings.dateFrom,
    dateTo: settings.dateTo,
    format: settings.format,
    previous: step.outcomes.some(o => o.previous) ? settings.previous : undefined,
    parts: step.outcomes.map(outcome => {
      const facts = datasetFacts(outcome.name)
      const { exported } = outcome
      return {
        title: facts.title,
        rowName: facts.rowName,
        file: displayPath(context.workspace, outcome.path),
        requests: outcome.requests,
        written: exported && {
          rows: exported.rows,
          sections: exported.sections({ chart: settings.chart })
        },
        failure: outcome.failure
      }
    }),
    impact: impact && (host || !impact.tap) ? impact.section() : undefined,
    chart: settings.chart,
    leftOut: step.leftOut.map(leftOutLine),
    advice,
    requests: step.budget.used,
    budget: step.budget.limit
  }
}

/** What the report shows besides the step: the impact section, the runner, what to do. */
interface ReportExtras {
  impact: ImpactRun | undefined
  context: RunnerContext
  advice: string | undefined
}

async function report(action: ActionRun, step: Step, extras: ReportExtras): Promise<void> {
  const { context } = extras
  const report = reportOf(step, extras)
  await action.summary(renderSeveral(report))
  const { issueNumber, githubToken } = step.settings
  if (issueNumber === undefined) return
  const url = runUrl(context) || undefined
  await postOrEdit(
    marker =>
      action.redact(renderSeveral(report, { marker, maxChars: COMMENT_MAX_CHARS, runUrl: url })),
    { context, issueNumber, token: githubToken },
    action.rt
  )
}

/** The step's error: each dataset not written, after a 429 the ones never read, what to do. */
function failureOf(step: Step, advice: string | undefined): string | undefined {
  const failures = step.outcomes.flatMap(o => (o.failure ? [o.failure] : []))
  // A 429 in the sections (after every dataset's rows) ends the step too.
  if (step.stopped && !failures.includes(step.stopped)) failures.push(step.stopped)
  if (failures.length === 0) return undefined
  const written = step.outcomes.filter(o => o.exported).map(o => o.name)
  const notRead = step.outcomes.filter(o => o.notRead).map(o => o.name)
  return [
    ...failures,
    notRead.length > 0 ? `Not read: ${notRead.join(', ')}.` : '',
    written.length > 0 ? `Written and reported: ${written.join(', ')}.` : 'No dataset was written.',
    advice ?? ''
  ]
    .filter(Boolean)
    .join(' ')
}
