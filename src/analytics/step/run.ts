/**
 * One analytics step, one pipeline for one dataset or several: the files, the reads, the outputs, one
 * report (a re-run editing its comment) and the step's error, after the others are written.
 */
import { join, resolve } from 'node:path'
import { createMintlifyClient } from '../../mintlify/client.js'
import { readRunnerContext, runUrl, type RunnerContext } from '../../shared/runner-context.js'
import type { ActionRun } from '../../shared/run-action.js'
import { datasetFacts, type Dataset } from '../dataset-list.js'
import { REQUEST_LIMIT, RequestBudget } from '../export/budget.js'
import { checkOutputLocation, displayPath } from '../export/output-path.js'
import { ImpactRun } from '../impact/run.js'
import { COMMENT_MAX_CHARS, REPORT_MARKER } from '../report/render.js'
import type { AnalyticsSettings } from '../settings.js'
import { postOrEdit } from './comment.js'
import { setOutputs } from './outputs.js'
import { impactHost } from './plan.js'
import { readStep, readingLine, StepFailed } from './read.js'
import { stepReport, type StepExtras } from './report.js'
import { shortfallAdvice } from './shortfall.js'
import { newStep, type DatasetOutcome, type Step } from './step.js'

export interface StepOptions {
  requestTimeoutMs?: number
  /** Requests the step may make, over `request-budget` (the benchmark lifts it; default 100). */
  maxRequests?: number
}

export async function runStep(
  action: ActionRun,
  settings: AnalyticsSettings,
  options: StepOptions
): Promise<void> {
  const { rt } = action
  const context = readRunnerContext()
  const one = settings.datasets.length === 1
  const where = resolve(context.workspace, settings.outputFile)
  const pathOf = (name: Dataset): string =>
    one ? where : join(where, `${datasetFacts(name).fileStem}.${settings.format}`)
  for (const name of settings.datasets) checkOutputLocation(pathOf(name), settings.outputFile)
  const limit = options.maxRequests ?? settings.requestBudget ?? REQUEST_LIMIT
  const now = (): number => rt.clock.now()
  // Several datasets wait out one 429 of someone else's requests, then stop the reading.
  const budget = one
    ? new RequestBudget(limit, now)
    : RequestBudget.waitingOutOneRateLimit(limit, now)
  const client = createMintlifyClient(settings.service, options)
  const step = newStep(settings, { rt, client, budget }, pathOf)
  rt.log.info(readingLine(step, displayPath(context.workspace, where)))
  const impact = settings.impact
    ? await ImpactRun.start(settings, impactHost(step.names), context, rt)
    : undefined
  await readStep(step, impact, context)
  setOutputs(step, impact)
  const advice = adviceOf(step)
  await report(action, step, { impact, context, advice })
  const failure = failureOf(step, advice)
  if (failure) throw new StepFailed(failure)
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

async function report(
  action: ActionRun,
  step: Step,
  extras: StepExtras & { context: RunnerContext }
): Promise<void> {
  const { context } = extras
  const render = stepReport(step, extras)
  await action.summary(render({}))
  const { issueNumber, githubToken } = step.settings
  if (issueNumber === undefined) return
  const options = { marker: REPORT_MARKER, maxChars: COMMENT_MAX_CHARS }
  const body = action.redact(render({ ...options, runUrl: runUrl(context) || undefined }))
  const done = step.names.length === 1 ? 'The export succeeded' : 'The datasets were written'
  await postOrEdit(body, { context, issueNumber, token: githubToken, done }, action.rt)
}

function failureOf(step: Step, advice: string | undefined): string | undefined {
  const failures = step.outcomes.flatMap(o =>
    o.ending.kind === 'failed' ? [o.ending.message] : []
  )
  // A 429 in the sections (after every dataset's rows) ends the step too.
  if (step.stopped && !failures.includes(step.stopped)) failures.push(step.stopped)
  if (failures.length === 0) return undefined
  const named = (kind: DatasetOutcome['ending']['kind']): Dataset[] =>
    step.outcomes.filter(o => o.ending.kind === kind).map(o => o.name)
  const written = named('written')
  const notRead = named('not-read')
  return [
    ...failures,
    notRead.length > 0 ? `Not read: ${notRead.join(', ')}.` : '',
    written.length > 0 ? `Written and reported: ${written.join(', ')}.` : 'No dataset was written.',
    advice ?? ''
  ]
    .filter(Boolean)
    .join(' ')
}
