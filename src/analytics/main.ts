/**
 * The analytics action: inputs, settings, then one step (step/run.ts). A failure is reported as one
 * message, in the summary too.
 */
import { runAction, type ActionRun, type RunOptions as EntryOptions } from '../shared/run-action.js'
import { plural } from '../shared/plural.js'
import { datasetFacts } from './dataset-list.js'
import { ExportFailure } from './export/context.js'
import { describeFailure } from './failure.js'
import { renderFailure } from './report/render.js'
import { parseAnalyticsSettings, type AnalyticsSettings } from './settings.js'
import { StepFailed, StepStopped } from './step/read.js'
import { runStep, type StepOptions } from './step/run.js'

export interface RunOptions extends EntryOptions, StepOptions {
  /** "Today" for relative dates such as -7d (default: now). */
  today?: Date
}

export function run(options: RunOptions = {}): Promise<void> {
  // Read by the failure report: what is known of the settings when the run failed.
  let settings: AnalyticsSettings | undefined
  return runAction(
    {
      flow: async action => {
        const today = options.today ?? new Date(action.rt.clock.now())
        settings = parseAnalyticsSettings(action.read, today)
        await runStep(action, settings, options)
      },
      failure: (error, action) => reportFailure(error, action, settings)
    },
    options
  )
}

async function reportFailure(
  error: unknown,
  { rt, redact, summary }: ActionRun,
  settings: AnalyticsSettings | undefined
): Promise<string> {
  // The step's report, with what was not written, is in the summary already.
  if (error instanceof StepFailed) return error.message
  const stopped = error instanceof StepStopped ? error : undefined
  const message = redact(
    describeFailure(stopped ? stopped.cause : error, {
      now: rt.clock.now(),
      pageSize: settings?.pageSize,
      maxPageSize: settings && datasetFacts(settings.datasets[0]).maxPageSize,
      written: stopped?.written
    })
  )
  const requests = error instanceof ExportFailure ? error.requests : 0
  if (requests > 0) rt.log.info(`Made ${plural(requests, 'request')} before the export stopped.`)
  await summary(
    renderFailure(message, {
      projectId: settings?.service.projectId,
      dateFrom: settings?.dateFrom,
      dateTo: settings?.dateTo,
      title: datasetFacts(settings?.datasets[0] ?? 'views').title,
      requests
    })
  )
  return message
}
