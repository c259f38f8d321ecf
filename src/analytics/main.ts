/**
 * The analytics export action: inputs → settings → export (views, visitors, searches, feedback, assistant) →
 * outputs, step summary and the optional comment. A failure is reported as one message, in the
 * summary too (runAction: the secrets masked first of all).
 */
import * as core from '@actions/core'
import { createComment } from '../github/comments.js'
import { createOctokit } from '../github/octokit.js'
import { getErrorMessage } from '../shared/errors.js'
import { readRunnerContext, runUrl, type RunnerContext } from '../shared/runner-context.js'
import { runAction, type ActionRun, type RunOptions as EntryOptions } from '../shared/run-action.js'
import { exportDataset, ExportFailure } from './export/export-dataset.js'
import { datasetOf } from './datasets/registry.js'
import { logLine } from '../shared/log-line.js'
import { describeFailure } from './failure.js'
import { checkOutputLocation, displayPath, resolveOutputPath } from './export/output-path.js'
import {
  COMMENT_MAX_CHARS,
  renderFailure,
  renderReport,
  REPORT_MARKER,
  type ExportReport
} from './report/render.js'
import { parseAnalyticsSettings, type AnalyticsSettings } from './settings.js'
import { plural } from '../shared/plural.js'
import { ImpactRun } from './impact/run.js'
import { runSeveral, SeveralFailed, SeveralStopped } from './several/run.js'

export interface RunOptions extends EntryOptions {
  /** "Today" for relative dates such as -7d (default: now). */
  today?: Date
  /** Requests a run may make (default 100, the service's hourly budget; the benchmark lifts it). */
  maxRequests?: number
}

export function run(options: RunOptions = {}): Promise<void> {
  // Read by the failure report: what is known of the settings when the run failed.
  let settings: AnalyticsSettings | undefined
  return runAction(
    {
      flow: async action => {
        settings = parseAnalyticsSettings(
          action.read,
          options.today ?? new Date(action.rt.clock.now())
        )
        if (settings.several)
          await runSeveral(action, { ...settings, several: settings.several }, options)
        else await analytics(action, settings, options)
      },
      failure: (error, action) => reportFailure(error, action, settings)
    },
    options
  )
}

async function analytics(
  action: ActionRun,
  settings: AnalyticsSettings,
  options: RunOptions
): Promise<void> {
  const { rt } = action
  const context = readRunnerContext()
  const path = resolveOutputPath(context.workspace, settings.outputFile)
  const shown = displayPath(context.workspace, path)
  checkOutputLocation(path, settings.outputFile)

  const dataset = datasetOf(settings.dataset)
  const compared = settings.previous
    ? `, compared with ${settings.previous.dateFrom} to ${settings.previous.dateTo}`
    : ''
  rt.log.info(
    `Exporting ${dataset.label} of project ${settings.service.projectId} ` +
      `(from ${settings.dateFrom ?? 'an open start'} to ${settings.dateTo ? `${settings.dateTo}, exclusive` : 'an open end'}${compared}; ` +
      `${plural(settings.pageSize, 'row')} per request) to ${shown}.`
  )
  const impact = settings.impact && (await ImpactRun.start(settings, context, rt))
  const exported = await exportDataset({ settings, dataset, path }, rt, {
    ...options,
    maxRequests: options.maxRequests ?? settings.requestBudget,
    impact: impact?.tap
  })
  const requests = exported.requests + (impact?.requests ?? 0)
  rt.log.info(
    `Wrote ${plural(exported.rows, 'row')} to ${shown} in ${plural(requests, 'request')}.`
  )
  for (const file of exported.files)
    rt.log.info(`Wrote the points per day to ${displayPath(context.workspace, file)}.`)
  core.setOutput('rows', String(exported.rows))
  core.setOutput('file', path)
  for (const [name, value] of exported.outputs()) core.setOutput(name, value)
  impact?.setOutputs()

  const report: ExportReport = {
    projectId: settings.service.projectId,
    dateFrom: settings.dateFrom,
    dateTo: settings.dateTo,
    title: dataset.title,
    rowName: dataset.rowName,
    previous: settings.previous,
    sections: exported.sections({ chart: settings.chart }),
    rowsWritten: exported.rows,
    file: shown,
    format: settings.format,
    requests,
    chart: settings.chart,
    impact: impact?.section()
  }
  await action.summary(renderReport(report))
  const { issueNumber } = settings
  if (issueNumber !== undefined)
    await postComment(report, { settings, context, issueNumber }, action)
}

/** The failure in the summary as well as in the step's error; returns the message. */
async function reportFailure(
  error: unknown,
  { rt, redact, summary }: ActionRun,
  settings: AnalyticsSettings | undefined
): Promise<string> {
  // Several datasets: the report, with what was not written, is in the summary already.
  if (error instanceof SeveralFailed) return error.message
  const stopped = error instanceof SeveralStopped ? error : undefined
  const message = redact(
    describeFailure(stopped ? stopped.cause : error, {
      now: rt.clock.now(),
      pageSize: settings?.pageSize,
      maxPageSize: settings && datasetOf(settings.dataset).maxPageSize,
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
      title: datasetOf(settings?.dataset ?? 'views').title,
      requests
    })
  )
  return message
}

/** Where the report is posted, and with which token. */
type CommentTarget = { settings: AnalyticsSettings; context: RunnerContext; issueNumber: number }

/** Posts the report once; a failure here is a warning, the file and outputs are already done. */
async function postComment(
  report: ExportReport,
  { settings, context, issueNumber }: CommentTarget,
  { rt, redact }: ActionRun
): Promise<void> {
  if (!context.owner || !context.repo) {
    rt.log.warning(
      `Not commenting on #${issueNumber}: GITHUB_REPOSITORY is not set, so the repository is unknown.`
    )
    return
  }
  const body = redact(
    renderReport(report, {
      marker: REPORT_MARKER,
      maxChars: COMMENT_MAX_CHARS,
      runUrl: runUrl(context) || undefined
    })
  )
  try {
    const octokit = createOctokit(settings.githubToken, context.apiUrl)
    const ref = { owner: context.owner, repo: context.repo, issueNumber }
    const comment = await createComment(octokit, { ref, body }, rt)
    rt.log.info(`Posted the report to ${comment.htmlUrl || `#${issueNumber}`}.`)
  } catch (error) {
    rt.log.warning(
      `The export succeeded, but the report could not be posted to #${issueNumber}: ` +
        logLine(getErrorMessage(error))
    )
  }
}
